import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from '@wms/shared-ui/router';
import {
  inventoryCountLineSchema,
  QUANTITY_DECIMALS,
  type InventoryCountingLine,
  type InventoryCountingView,
  type InventoryCountLineBody,
  type Product,
} from '@wms/shared-api';
import {
  DataTable,
  DateField,
  displayDay,
  focusField,
  formatQuantity,
  formatUnit,
  Loaded,
  NumberField,
  PageHeader,
  TextField,
  toastSuccess,
  useDocumentTitle,
  useLoad,
  useSession,
  useZodForm,
  type Column,
} from '@wms/shared-ui';
import { NS } from '../paths';
import { fetchCounting, findProductByCode, saveLines } from './api';
import { INVENTORY_URL } from './paths';
import { snapshotText } from './status';
import './inventory.css';

/**
 * /report/inventario/{id}: the count page for counters (blind: no book quantity) — on a tablet, big targets: scan or type
 * a product code (Enter), then batch, expiry where a new batch needs it, and the counted quantity with the decimal comma;
 * Save (Enter) records it and puts the cursor back in the code box for the next product.
 */
export function CountingPage() {
  const { t } = useTranslation(NS);
  const { id } = useParams();
  const load = useLoad(() => fetchCounting(id ?? ''), [id]);
  useDocumentTitle(t('inventory.counting.title', { id }));
  return (
    <section className="screen reports-screen inventory-counting" data-testid="counting-page">
      <Loaded load={load} failedText={() => t('inventory.loadError')} notFound={{ backTo: INVENTORY_URL, title: t('inventory.notFound') }}>
        {(view) => <Counting view={view} />}
      </Loaded>
    </section>
  );
}

function Counting({ view }: { view: InventoryCountingView }) {
  const { t } = useTranslation(NS);
  const [lines, setLines] = useState<InventoryCountingLine[]>(view.lines);
  const [product, setProduct] = useState<Product | null>(null);
  const [code, setCode] = useState('');
  const [codeProblem, setCodeProblem] = useState<string | undefined>();
  const codeBox = useRef<HTMLFormElement>(null);
  const open = view.status === 'open';

  const find = async (e: FormEvent) => {
    e.preventDefault();
    setCodeProblem(undefined);
    const found = await findProductByCode(code);
    if (!found) {
      setProduct(null);
      setCodeProblem(t('inventory.counting.unknownCode', { code: code.trim() }));
      return;
    }
    // Whether it belongs to the count's scope is the server's to say (its 400 names the line), not a guess from the lines.
    setProduct(found);
  };

  const saved = (updated: InventoryCountingLine[]) => {
    setLines((old) => [...updated, ...old.filter((l) => !updated.some((u) => u.line_id === l.line_id))]);
    setProduct(null);
    setCode('');
    focusField(codeBox.current, 'code');
  };

  const counted = useMemo(
    () => lines.filter((l) => l.counted_quantity !== null).sort((a, b) => (b.counted_at ?? '').localeCompare(a.counted_at ?? '')),
    [lines],
  );

  return (
    <>
      <PageHeader
        title={t('inventory.counting.title', { id: view.id })}
        subtitle={t('inventory.counting.subtitle', { warehouse: view.warehouse_name, day: snapshotText(view) })}
        actions={
          <Link className="btn btn-secondary" to={INVENTORY_URL}>
            {t('inventory.actions.back')}
          </Link>
        }
      />
      {open ? (
        <>
          <p className="inventory-note">{t('inventory.counting.blind')}</p>
          <form ref={codeBox} role="search" className="inventory-scan" onSubmit={(e) => void find(e)} data-testid="scan-form">
            {/* The page exists to count: the cursor starts in the code box (a scanner types there and sends Enter). */}
            <TextField
              name="code"
              label={t('inventory.counting.scan')}
              hint={t('inventory.counting.scanHint')}
              value={code}
              onChange={(v) => setCode(v ?? '')}
              error={codeProblem}
              // eslint-disable-next-line jsx-a11y/no-autofocus
              autoFocus
              autoComplete="off"
              data-testid="scan-code"
            />
            <button type="submit" className="btn btn-secondary inventory-big" data-testid="scan-find">
              {t('inventory.actions.find')}
            </button>
          </form>
          {product ? <LineForm key={product.id} countId={view.id} product={product} lines={lines} onSaved={saved} /> : null}
        </>
      ) : (
        <p className="inventory-note" role="status">
          {t('inventory.counting.closed')}
        </p>
      )}
      <h2 className="inventory-subtitle">{t('inventory.counting.recent')}</h2>
      <CountedTable rows={counted} />
    </>
  );
}

function LineForm({
  countId,
  product,
  lines,
  onSaved,
}: {
  countId: number;
  product: Product;
  lines: InventoryCountingLine[];
  onSaved: (lines: InventoryCountingLine[]) => void;
}) {
  const { t } = useTranslation(NS);
  const { user } = useSession();
  const batches = lines.filter((l) => l.product_id === product.id && l.batch_number).map((l) => l.batch_number);
  const initial: InventoryCountLineBody = {
    product_id: product.id,
    batch_number: product.has_batch ? (batches.length === 1 ? batches[0] : '') : '',
    counted_quantity: '',
    expiry_date: null,
  };
  const form = useZodForm(inventoryCountLineSchema, initial);
  const batch = form.values.batch_number ?? '';
  const newBatch = product.has_batch && batch !== '' && !batches.includes(batch);
  useEffect(() => focusField(form.formRef.current, product.has_batch && batches.length !== 1 ? 'batch_number' : 'counted_quantity'), []); // eslint-disable-line react-hooks/exhaustive-deps

  const onSubmit = form.handleSubmit(async (line) => {
    const saved = await saveLines(countId, [line]);
    toastSuccess(
      t('inventory.counting.saved', { code: product.code, quantity: formatQuantity(line.counted_quantity, product.unit_of_measure) }),
    );
    onSaved(
      saved.map((s) => {
        const known = lines.find((l) => l.line_id === s.line_id);
        return {
          product_code: product.code,
          product_name: product.name ?? product.description,
          unit_of_measure: product.unit_of_measure,
          has_batch: product.has_batch,
          has_expiry_date: product.has_expiry_date,
          expiry_date: known?.expiry_date ?? line.expiry_date ?? null,
          counted_by: user?.username ?? null,
          history: known?.history ?? [],
          ...s,
        };
      }),
    );
  }, `${NS}:inventory.counting.saveError`);

  return (
    <form
      ref={form.formRef}
      className="form inventory-line-form"
      onSubmit={onSubmit}
      noValidate
      aria-label={product.code}
      data-testid="line-form"
    >
      <p className="inventory-product" data-testid="line-product">
        <strong className="code">{product.code}</strong> {product.name ?? product.description}
      </p>
      {product.has_batch ? (
        <TextField
          label={t('inventory.counting.newBatch')}
          required
          suggestions={batches}
          {...form.field('batch_number')}
          value={batch}
          data-testid="line-batch"
        />
      ) : null}
      {newBatch && product.has_expiry_date ? (
        <DateField label={t('inventory.fields.expiry')} required {...form.field('expiry_date')} data-testid="line-expiry" />
      ) : null}
      <NumberField
        label={t('inventory.fields.writeHere')}
        decimals={QUANTITY_DECIMALS}
        required
        suffix={formatUnit(product.unit_of_measure)}
        {...form.field('counted_quantity')}
        data-testid="line-quantity"
      />
      {form.failure ? (
        <p className="form-failure" role="alert">
          {form.failure}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary inventory-big" disabled={form.saving} data-testid="line-save">
        {t('inventory.actions.save')}
      </button>
    </form>
  );
}

function CountedTable({ rows }: { rows: InventoryCountingLine[] }) {
  const { t } = useTranslation(NS);
  const columns = useMemo<Column<InventoryCountingLine>[]>(
    () => [
      { id: 'product_code', header: t('inventory.fields.code'), value: (l) => l.product_code },
      { id: 'product', header: t('inventory.fields.product'), value: (l) => l.product_name, priority: 'medium', truncate: 40 },
      { id: 'batch_number', header: t('inventory.fields.batch'), value: (l) => l.batch_number },
      {
        id: 'expiry',
        header: t('inventory.fields.expiry'),
        value: (l) => (l.expiry_date ? displayDay(l.expiry_date) : ''),
        priority: 'low',
      },
      {
        id: 'counted',
        header: t('inventory.fields.counted'),
        align: 'end',
        value: (l) => l.counted_quantity,
        render: (l) => formatQuantity(l.counted_quantity, l.unit_of_measure),
      },
      { id: 'username', header: t('inventory.fields.counter'), value: (l) => l.counted_by, priority: 'medium' },
    ],
    [t],
  );
  if (rows.length === 0) return <p className="inventory-note">{t('inventory.counting.nothingCounted')}</p>;
  return (
    <DataTable<InventoryCountingLine>
      columns={columns}
      rows={rows}
      rowKey={(l) => l.line_id}
      caption={t('inventory.counting.recent')}
      pageSize={50}
      testId="counted-table"
    />
  );
}
