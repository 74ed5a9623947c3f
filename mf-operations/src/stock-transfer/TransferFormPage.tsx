import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from '@wms/shared-ui/router';
import {
  companyToday,
  newIdempotencyKey,
  transferSchema,
  type BarcodeLookup,
  type Product,
  type Transfer,
  type TransferBody,
  type TransferFields,
} from '@wms/shared-api';
import {
  DateField,
  failureText,
  FormActions,
  Loaded,
  NumberField,
  PageHeader,
  QUANTITY_DECIMALS,
  ScanInput,
  TextField,
  toastError,
  toastSuccess,
  useDocumentTitle,
  useLoad,
  useZodForm,
  WarehousePicker,
} from '@wms/shared-ui';
import { NS } from '../paths';
import { fetchProductStock } from '../movements/api';
import { batchChoices } from '../movements/stock';
import { fetchTransfer, saveTransfer } from './api';
import { TRANSFERS_URL } from './status';
import { TransferLines, type TransferLineState } from './TransferLines';

let keys = 0;
const newLine = (): TransferLineState => ({
  key: `n${++keys}`,
  product_id: '',
  batch_number: '',
  quantity: '',
  hasBatch: false,
  unit: null,
  choices: null,
});

const emptyTransfer = (): TransferBody => ({
  from_warehouse_id: '' as unknown as number,
  to_warehouse_id: '' as unknown as number,
  transfer_date: companyToday(),
  lines: [],
  carrier: null,
  packages: null,
  gross_weight: null,
  notes: null,
});

function bodyOf(t: Transfer): TransferBody {
  return {
    from_warehouse_id: t.from_warehouse_id,
    to_warehouse_id: t.to_warehouse_id,
    transfer_date: t.transfer_date,
    lines: [],
    carrier: t.carrier,
    packages: t.packages === null ? null : (String(t.packages) as unknown as number),
    gross_weight: t.gross_weight,
    notes: t.notes,
  };
}

/**
 * /operazioni/trasferimenti/nuovo and /{id}/modifica (a draft): source and destination (different), date, lines with
 * batches offered FEFO with their expiry and the quantity available at the source, transport data (carrier, packages,
 * gross weight, notes). Saved as a draft; shipping is a separate step on the transfer's page (a transfer no longer a draft
 * opens there).
 */
export function TransferFormPage() {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const { id } = useParams();
  const load = useLoad(() => (id ? fetchTransfer(id) : Promise.resolve(null)), [id]);
  const notDraft = load.status === 'ready' && load.value !== null && load.value.status !== 'draft' ? load.value.id : null;
  useEffect(() => {
    if (notDraft !== null) navigate(`${TRANSFERS_URL}/${notDraft}`, { replace: true });
  }, [notDraft, navigate]);
  return (
    <Loaded
      load={load}
      failedText={(err) => failureText(err, `${NS}:stockTransfer.feedback.fetchFailed`)}
      notFound={{ title: t('stockTransfer.feedback.notFound'), backTo: TRANSFERS_URL, backLabel: t('stockTransfer.title') }}
    >
      {(tr) => (notDraft !== null ? null : <TransferForm initial={tr} />)}
    </Loaded>
  );
}

function TransferForm({ initial }: { initial: Transfer | null }) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const id = initial ? String(initial.id) : undefined;
  const form = useZodForm(transferSchema, initial ? bodyOf(initial) : emptyTransfer());
  const [lines, setLines] = useState<TransferLineState[]>(() =>
    initial
      ? initial.lines.map((l) => ({
          key: `l${l.id}`,
          product_id: l.product_id,
          batch_number: l.batch_number ?? '',
          quantity: l.quantity,
          hasBatch: l.batch_number !== null,
          unit: l.unit_of_measure,
          choices: null,
        }))
      : [newLine()],
  );
  const number = initial?.number ?? null;
  const key = useRef(newIdempotencyKey());
  const { set } = form;
  const v = form.values;
  const fromId = typeof v.from_warehouse_id === 'number' ? v.from_warehouse_id : null;
  const title = number ? t('stockTransfer.editTitle', { number }) : t('stockTransfer.newTitle');
  useDocumentTitle(title);

  // The batches on hand at the source, for every line whose product or source changed (FEFO: earliest expiry first).
  const linesRef = useRef(lines);
  linesRef.current = lines;
  const loadChoices = useCallback(async (index: number, productId: number, warehouseId: number) => {
    try {
      const rows = await fetchProductStock(productId, warehouseId);
      const choices = batchChoices(rows, productId, warehouseId);
      setLines((ls) =>
        ls.map((l, n) =>
          n === index && l.product_id === productId
            ? { ...l, choices, batch_number: l.hasBatch && !l.batch_number && choices[0] ? choices[0].batch : l.batch_number }
            : l,
        ),
      );
    } catch (err) {
      toastError(failureText(err, `${NS}:stockTransfer.feedback.stockFailed`));
    }
  }, []);
  useEffect(() => {
    if (fromId === null) return;
    linesRef.current.forEach((l, i) => {
      if (typeof l.product_id === 'number') void loadChoices(i, l.product_id, fromId);
    });
  }, [fromId, loadChoices]);

  // The form's lines follow the screen's (what the schema validates and the server receives).
  useEffect(() => {
    set(
      'lines',
      lines.map((l) => ({ product_id: l.product_id as number, batch_number: l.hasBatch ? l.batch_number : null, quantity: l.quantity })),
    );
  }, [lines, set]);

  const change = useCallback(
    (i: number, c: Partial<TransferLineState>) => setLines((ls) => ls.map((l, n) => (n === i ? { ...l, ...c } : l))),
    [],
  );
  const onProduct = (i: number, p: Product | null) => {
    change(i, { product_id: p?.id ?? '', hasBatch: !!p?.has_batch, unit: p?.unit_of_measure ?? null, batch_number: '', choices: null });
    if (p && fromId !== null) void loadChoices(i, p.id, fromId);
  };

  /**
   * A scan (issue 27) fills the first empty line, or adds one: the product, the scanned batch (kept over the FEFO choice)
   * and the quantity the code carries; the batches on hand at the source are loaded as for a typed product.
   */
  const onScan = (found: BarcodeLookup): string | undefined => {
    const p = found.product;
    if (p.status !== 'active') return t('stockTransfer.lines.scanInactive', { code: p.code });
    const ls = linesRef.current;
    const empty = ls.findIndex((l) => l.product_id === '');
    const index = empty >= 0 ? empty : ls.length;
    const line: TransferLineState = {
      ...(empty >= 0 ? ls[empty] : newLine()),
      product_id: p.id,
      hasBatch: p.has_batch,
      unit: p.unit_of_measure,
      batch_number: p.has_batch ? (found.batch_number ?? '') : '',
      quantity: found.quantity ?? '',
      choices: null,
    };
    setLines(empty >= 0 ? ls.map((l, n) => (n === empty ? line : l)) : [...ls, line]);
    if (fromId !== null) void loadChoices(index, p.id, fromId);
    return undefined;
  };

  const save = async (data: TransferFields) => {
    const body: TransferBody = { ...data, transfer_date: data.transfer_date };
    const saved = await saveTransfer(initial ? initial.id : null, body, key.current);
    toastSuccess(id ? t('stockTransfer.feedback.saved') : t('stockTransfer.feedback.created', { number: saved.number }));
    navigate(`${TRANSFERS_URL}/${saved.id}`);
  };
  const submit = form.handleSubmit(save, `${NS}:stockTransfer.feedback.saveFailed`);

  const f = (k: string) => t(`stockTransfer.fields.${k}`);

  return (
    <section className="screen" data-testid="transfer-form-page">
      <PageHeader title={title} />
      <form ref={form.formRef} noValidate className="form" data-testid="transfer-form" onSubmit={(e) => void submit(e)}>
        <WarehousePicker
          {...form.field('from_warehouse_id')}
          value={v.from_warehouse_id as number | string}
          label={f('from_warehouse_id')}
          required
          onChange={(wid) => set('from_warehouse_id', (wid ?? '') as number)}
          data-testid="from-warehouse"
        />
        <WarehousePicker
          {...form.field('to_warehouse_id')}
          value={v.to_warehouse_id as number | string}
          label={f('to_warehouse_id')}
          required
          exclude={[fromId]}
          onChange={(wid) => set('to_warehouse_id', (wid ?? '') as number)}
          data-testid="to-warehouse"
        />
        <DateField {...form.field('transfer_date')} onChange={(d) => set('transfer_date', d)} label={f('transfer_date')} required />
        <ScanInput onScan={onScan} disabled={form.saving} data-testid="transfer-scan" />
        <TransferLines
          lines={lines}
          fromChosen={fromId !== null}
          disabled={form.saving}
          error={form.error}
          onInputProblem={form.setInputProblem}
          onChange={change}
          onProduct={onProduct}
          onAdd={() => setLines((ls) => [...ls, newLine()])}
          onRemove={(i) => setLines((ls) => ls.filter((_, n) => n !== i))}
        />
        <TextField
          {...form.field('carrier')}
          value={(v.carrier as string) ?? ''}
          onChange={(c) => set('carrier', c || null)}
          label={f('carrier')}
          data-testid="carrier"
        />
        <TextField
          {...form.field('packages')}
          value={v.packages === null || v.packages === undefined ? '' : String(v.packages)}
          onChange={(p) => set('packages', (p || null) as unknown as number)}
          label={f('packages')}
          data-testid="packages"
        />
        <NumberField
          {...form.field('gross_weight')}
          value={(v.gross_weight as string) ?? ''}
          onChange={(w) => set('gross_weight', w || null)}
          label={f('gross_weight')}
          decimals={QUANTITY_DECIMALS}
          suffix="kg"
          data-testid="gross-weight"
        />
        <TextField
          {...form.field('notes')}
          value={(v.notes as string) ?? ''}
          onChange={(n) => set('notes', n || null)}
          label={f('notes')}
          multiline
        />
        <FormActions
          saving={form.saving}
          failure={form.failure}
          onCancel={() => navigate(id ? `${TRANSFERS_URL}/${id}` : TRANSFERS_URL)}
          saveTestId="save-transfer"
        />
      </form>
    </section>
  );
}
