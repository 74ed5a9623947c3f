import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from '@wms/shared-ui/router';
import { emptyProduct, productBodyOf, type Product, type ProductBody } from '@wms/shared-api';
import { isNotFound, NotFound, PageHeader, Spinner, toastError } from '@wms/shared-ui';
import { NS } from '../paths';
import { fetchProduct } from './api';
import { ProductForm, type ProductFormMode } from './ProductForm';
import { PRODUCTS_URL, type DuplicateState } from './paths';
import { StockLimitsPanel } from './StockLimitsPanel';

const TITLES: Record<ProductFormMode, string> = {
  new: 'products.newTitle',
  edit: 'products.editTitle',
  duplicate: 'products.duplicateTitle',
};

/**
 * /anagrafica/prodotti/nuovo and /anagrafica/prodotti/{id} (SPEC §2). /nuovo also takes a product handed over by the
 * list's Duplicate (router state): the form starts from its fields but an empty code, and the title says duplicate. A
 * product that does not exist (404) says so with a link back; one that cannot be loaded is reported (§8 "Errore nel
 * caricamento del prodotto") and the user goes back to the list.
 */
export function ProductFormPage({ mode }: { mode: 'new' | 'edit' }) {
  const { t } = useTranslation(NS);
  const { id } = useParams();
  const navigate = useNavigate();
  const source = (useLocation().state as Partial<DuplicateState> | null)?.duplicate;
  const formMode: ProductFormMode = mode === 'edit' ? 'edit' : source ? 'duplicate' : 'new';
  const [loaded, setLoaded] = useState<Product | null>(null);
  const [missing, setMissing] = useState(false);

  useEffect(() => {
    if (mode !== 'edit' || !id) return undefined;
    let current = true;
    fetchProduct(id).then(
      (p) => current && setLoaded(p),
      (err) => {
        if (!current) return;
        if (isNotFound(err)) return setMissing(true);
        toastError(t('products.feedback.loadError'));
        navigate(PRODUCTS_URL, { replace: true });
      },
    );
    return () => {
      current = false;
    };
  }, [mode, id, navigate, t]);

  let initial: ProductBody | null = null;
  let supplierName: string | null = null;
  if (formMode === 'new') initial = emptyProduct();
  // A copy never keeps the code (it is unique: saving it as is could only be refused); the user types the new one.
  else if (formMode === 'duplicate' && source)
    // Barcodes are one product's own (unique among live products): a duplicate starts without them.
    [initial, supplierName] = [
      { ...productBodyOf(source), code: '', status: 'active', barcode: null, extra_barcodes: [] },
      source.supplier_name,
    ];
  else if (loaded) [initial, supplierName] = [productBodyOf(loaded), loaded.supplier_name];

  return (
    <section className="screen registry-screen" data-testid="product-form-page" data-mode={formMode}>
      <PageHeader
        title={t(TITLES[formMode])}
        subtitle={formMode === 'duplicate' && source ? t('products.duplicateNote', { code: source.code }) : undefined}
      />
      {missing ? (
        <NotFound backTo={PRODUCTS_URL} title={t('products.feedback.notFound')} />
      ) : initial ? (
        <ProductForm
          key={`${formMode}-${loaded?.id ?? source?.id ?? 'new'}`}
          mode={formMode}
          productId={loaded?.id}
          initial={initial}
          currentSupplierName={supplierName}
        />
      ) : (
        <Spinner />
      )}
      {formMode === 'edit' && loaded ? <StockLimitsPanel productId={loaded.id} unit={loaded.unit_of_measure} /> : null}
    </section>
  );
}
