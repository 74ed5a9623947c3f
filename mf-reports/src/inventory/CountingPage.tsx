import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from '@wms/shared-ui/router';
import { apiError } from '@wms/shared-api/core';
import {
  inventoryCountLineSchema,
  QUANTITY_DECIMALS,
  type InventoryCountingLine,
  type InventoryCountingView,
  type BarcodeLookup,
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
  routeRecordId,
  ScanInput,
  TextField,
  toastSuccess,
  useDocumentTitle,
  useLoad,
  useSession,
  useZodForm,
  type Column,
} from '@wms/shared-ui';
import { NS } from '../paths';
import { fetchCounting, saveLines } from './api';
import { INVENTORY_URL } from './paths';
import { snapshotText } from './status';
import './inventory.css';

/**
 * /report/inventario/{id}: the count page for counters (blind: no book quantity) — on a tablet, big targets: scan or type
 * a product code (Enter), then batch, the dates a new batch needs (expiry, production: the product's flags, as the server's
 * lines.ts asks them), and the counted quantity with the decimal comma;
 * Save (Enter) records it and puts the cursor back in the code box for the next product.
 */
export function CountingPage() {
  const { t } = useTranslation(NS);
  const { id } = useParams();
  const load = useLoad((signal) => fetchCounting(routeRecordId(id), signal), [id]);
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
  // What the last scan found: the product, and the batch, dates and quantity a GS1 label carries (issue 27).
  const [scan, setScan] = useState<{ n: number; found: BarcodeLookup } | null>(null);
  const scanArea = useRef<HTMLDivElement>(null);
  const open = view.status === 'open';

  // The kit's scan box resolves a product code, GTIN, supplier barcode or GS1 label (GET /barcodes/{code}); an unknown
  // code is said there and changes nothing. Whether the product belongs to the count's scope is the server's to say (its
  // 400 names the line), not a guess from the lines.
  const onScan = (found: BarcodeLookup): undefined => {
    setScan((s) => ({ n: (s?.n ?? 0) + 1, found }));
    return undefined;
  };

  const saved = (updated: InventoryCountingLine[]) => {
    setLines((old) => [...updated, ...old.filter((l) => !updated.some((u) => u.line_id === l.line_id))]);
    setScan(null);
    scanArea.current?.querySelector('input')?.focus();
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
          {/* The page exists to count: the cursor starts in the scan box (a scanner types there and sends Enter). */}
          <div ref={scanArea} className="inventory-scan">
            <ScanInput onScan={onScan} takeFocus label={t('inventory.counting.scan')} data-testid="scan" />
          </div>
          {scan ? (
            <LineForm key={scan.n} countId={view.id} product={scan.found.product} scanned={scan.found} lines={lines} onSaved={saved} />
          ) : null}
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
  scanned,
  lines,
  onSaved,
}: {
  countId: number;
  product: Product;
  /** A label's batch, dates and quantity fill the line (a product code alone fills nothing more). */
  scanned: BarcodeLookup;
  lines: InventoryCountingLine[];
  onSaved: (lines: InventoryCountingLine[]) => void;
}) {
  const { t } = useTranslation(NS);
  const { user } = useSession();
  const batches = lines.filter((l) => l.product_id === product.id && l.batch_number).map((l) => l.batch_number);
  const initial: InventoryCountLineBody = {
    product_id: product.id,
    batch_number: product.has_batch ? (scanned.batch_number ?? (batches.length === 1 ? batches[0] : '')) : '',
    counted_quantity: scanned.quantity ?? '',
    expiry_date: scanned.expiry_date ?? null,
    production_date: scanned.production_date ?? null,
  };
  const form = useZodForm(inventoryCountLineSchema, initial);
  const batch = form.values.batch_number ?? '';
  const newBatch = product.has_batch && batch !== '' && !batches.includes(batch);
  useEffect(
    () => focusField(form.formRef.current, product.has_batch && !initial.batch_number ? 'batch_number' : 'counted_quantity'),
    [], // eslint-disable-line react-hooks/exhaustive-deps
  );

  const onSubmit = form.handleSubmit(async (line) => {
    // The dates of the fields shown only (a new batch's; a known batch keeps its own).
    const sent = {
      ...line,
      expiry_date: newBatch && product.has_expiry_date ? line.expiry_date : null,
      production_date: newBatch && product.has_production_date ? line.production_date : null,
    };
    const saved = await saveLines(countId, [sent]).catch((err: unknown) => {
      throw onThisForm(err, form.formRef.current, t('inventory.counting.fixFields'));
    });
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
          expiry_date: known?.expiry_date ?? sent.expiry_date,
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
      {newBatch && product.has_production_date ? (
        <DateField label={t('inventory.fields.production')} required {...form.field('production_date')} data-testid="line-production" />
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
        <div className="alert alert-error" role="alert" data-testid="line-failure">
          {form.failure}
        </div>
      ) : null}
      <button type="submit" className="btn btn-primary inventory-big" disabled={form.saving} data-testid="line-save">
        {t('inventory.actions.save')}
      </button>
    </form>
  );
}

/**
 * A refused save as this form shows it: the server names the body's line (`lines.0.production_date`), the form the line's
 * own fields — each text goes under its field; what no field of the form shows (a product outside the count) is the
 * sentence above Save, never a field path. `fixFields` is that sentence when every text has its field.
 */
function onThisForm(err: unknown, formEl: HTMLFormElement | null, fixFields: string): unknown {
  const refusal = apiError(err);
  if (!refusal?.fields) return err;
  const shown: Record<string, string> = {};
  const elsewhere: string[] = [];
  for (const [path, text] of Object.entries(refusal.fields)) {
    const name = path.replace(/^lines\.\d+\./, '');
    if (formEl?.querySelector(`[name="${name}"]`)) shown[name] = text;
    else elsewhere.push(text);
  }
  if (Object.keys(shown).length > 0) refusal.fields = shown;
  else delete refusal.fields;
  refusal.error = elsewhere.length > 0 ? elsewhere.join('; ') : fixFields;
  return err;
}

function CountedTable({ rows }: { rows: InventoryCountingLine[] }) {
  const { t } = useTranslation(NS);
  const columns = useMemo<Column<InventoryCountingLine>[]>(
    () => [
      { id: 'product_code', header: t('inventory.fields.code'), value: (l) => l.product_code },
      { id: 'product', header: t('inventory.fields.product'), value: (l) => l.product_name, truncate: 40 },
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
