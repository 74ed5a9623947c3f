import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from '@wms/shared-ui/router';
import { emptyProduct, productBodyOf, type ProductBody } from '@wms/shared-api';
import { Loaded, PageHeader, routeRecordId, useRecordLoad } from '@wms/shared-ui';
import { NS } from '../paths';
import { products } from './api';
import { ProductForm, type ProductFormMode } from './ProductForm';
import { PRODUCTS_URL, type DuplicateState } from './paths';
import { StockLimitsPanel } from '../replenishment/StockLimitsPanel';

const TITLES: Record<ProductFormMode, string> = {
  new: 'products.newTitle',
  edit: 'products.editTitle',
  duplicate: 'products.duplicateTitle',
};

/**
 * /anagrafica/prodotti/nuovo and /anagrafica/prodotti/{id} (SPEC §2). /nuovo also takes a product handed over by the
 * list's Duplicate (router state): the form starts from its fields but an empty code, and the title says duplicate. A
 * product that does not exist (404) says so with a link back; one that cannot be loaded is reported (§8 "Errore nel
 * caricamento del prodotto") as a toast and the user goes back to the list (useRecordLoad).
 */
export function ProductFormPage({ mode }: { mode: 'new' | 'edit' }) {
  const { t } = useTranslation(NS);
  const { id = '' } = useParams();
  const source = (useLocation().state as Partial<DuplicateState> | null)?.duplicate;
  const formMode: ProductFormMode = mode === 'edit' ? 'edit' : source ? 'duplicate' : 'new';

  let initial: ProductBody = emptyProduct();
  let supplierName: string | null = null;
  // A copy never keeps the code (it is unique: saving it as is could only be refused); the user types the new one.
  if (formMode === 'duplicate' && source)
    // Barcodes are one product's own (unique among live products): a duplicate starts without them.
    [initial, supplierName] = [
      { ...productBodyOf(source), code: '', status: 'active', barcode: null, extra_barcodes: [] },
      source.supplier_name,
    ];

  return (
    <section className="screen registry-screen" data-testid="product-form-page" data-mode={formMode}>
      <PageHeader
        title={t(TITLES[formMode])}
        subtitle={formMode === 'duplicate' && source ? t('products.duplicateNote', { code: source.code }) : undefined}
      />
      {formMode === 'edit' ? (
        <EditProduct id={id} />
      ) : (
        <ProductForm key={`${formMode}-${source?.id ?? 'new'}`} mode={formMode} initial={initial} currentSupplierName={supplierName} />
      )}
    </section>
  );
}

/** The product to edit, read with the kit: spinner, 404 as NotFound, another failure back to the list; then form and stock limits. */
function EditProduct({ id }: { id: string }) {
  const { t } = useTranslation(NS);
  const load = useRecordLoad((signal) => products.fetchOne(routeRecordId(id), signal), [id], {
    backTo: PRODUCTS_URL,
    failure: t('products.feedback.loadError'),
  });
  return (
    <Loaded
      load={load}
      failedText={() => t('products.feedback.loadError')}
      notFound={{ backTo: PRODUCTS_URL, title: t('products.feedback.notFound') }}
    >
      {(product) => (
        <>
          <ProductForm
            key={`edit-${product.id}`}
            mode="edit"
            productId={product.id}
            initial={productBodyOf(product)}
            currentSupplierName={product.supplier_name}
          />
          <StockLimitsPanel productId={product.id} unit={product.unit_of_measure} />
        </>
      )}
    </Loaded>
  );
}
