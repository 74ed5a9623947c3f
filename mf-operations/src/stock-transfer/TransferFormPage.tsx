import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from '@wms/shared-ui/router';
import { companyToday, transferSchema, type BarcodeLookup, type Transfer, type TransferFields } from '@wms/shared-api';
import {
  DateField,
  FormActions,
  NumberField,
  PageHeader,
  QUANTITY_DECIMALS,
  ScanInput,
  TextField,
  toastSuccess,
  useIdempotencyKey,
  useLoad,
  useFormList,
  useZodForm,
  WarehousePicker,
  routeRecordId,
} from '@wms/shared-ui';
import { NS } from '../paths';
import { fetchTransfer, saveTransfer } from './api';
import { LoadedTransfer, TRANSFERS_URL } from './status';
import { newLine, TransferLines, type TransferLineValues } from './TransferLines';

/** The form's values: the body as its fields hold it ('' for none: the shared schema reads it as null), lines included. */
function valuesOf(t: Transfer | null) {
  return {
    from_warehouse_id: t?.from_warehouse_id ?? '',
    to_warehouse_id: t?.to_warehouse_id ?? '',
    transfer_date: t?.transfer_date ?? companyToday(),
    lines: t
      ? t.lines.map((l) =>
          newLine({
            key: `l${l.id}`,
            product_id: l.product_id,
            batch_number: l.batch_number ?? '',
            quantity: l.quantity,
            hasBatch: l.batch_number !== null,
            unit: l.unit_of_measure,
          }),
        )
      : [newLine()],
    carrier: t?.carrier ?? '',
    packages: t?.packages ?? '',
    gross_weight: t?.gross_weight ?? '',
    notes: t?.notes ?? '',
  };
}

/**
 * /operazioni/trasferimenti/nuovo and /{id}/modifica (a draft): source and destination (different), date, lines with
 * batches offered FEFO with their expiry and the quantity available at the source, transport data (carrier, packages,
 * gross weight, notes). Saved as a draft; shipping is a separate step on the transfer's page (a transfer no longer a draft
 * opens there).
 */
export function TransferFormPage() {
  const navigate = useNavigate();
  const { id } = useParams();
  const load = useLoad(() => (id ? fetchTransfer(routeRecordId(id)) : Promise.resolve(null)), [id]);
  const notDraft = load.status === 'ready' && load.value !== null && load.value.status !== 'draft' ? load.value.id : null;
  useEffect(() => {
    if (notDraft !== null) navigate(`${TRANSFERS_URL}/${notDraft}`, { replace: true });
  }, [notDraft, navigate]);
  return <LoadedTransfer load={load}>{(tr) => (notDraft !== null ? null : <TransferForm initial={tr} />)}</LoadedTransfer>;
}

function TransferForm({ initial }: { initial: Transfer | null }) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const id = initial ? String(initial.id) : undefined;
  const form = useZodForm(transferSchema, valuesOf(initial));
  const number = initial?.number ?? null;
  const key = useIdempotencyKey();
  const { set } = form;
  const v = form.values;
  const fromId = typeof v.from_warehouse_id === 'number' ? v.from_warehouse_id : null;
  const title = number ? t('stockTransfer.editTitle', { number }) : t('stockTransfer.newTitle');

  // The lines live in the form's values (the schema keeps their body fields); the kit queues changes on the latest ones.
  const lines = useFormList(v.lines as TransferLineValues[], (rows) => set('lines', rows));

  /**
   * A scan (issue 27) fills the first empty line, or adds one: the product, the scanned batch (kept over the FEFO choice)
   * and the quantity the code carries; the batches on hand at the source are loaded as for a typed product.
   */
  const onScan = (found: BarcodeLookup): string | undefined => {
    const p = found.product;
    if (p.status !== 'active') return t('stockTransfer.lines.scanInactive', { code: p.code });
    const scanned = {
      product_id: p.id,
      hasBatch: p.has_batch,
      unit: p.unit_of_measure,
      batch_number: p.has_batch ? (found.batch_number ?? '') : '',
      quantity: found.quantity ?? '',
    };
    lines.update((ls) => {
      const empty = ls.findIndex((l) => l.product_id === '');
      return empty >= 0 ? ls.map((l, n) => (n === empty ? { ...l, ...scanned } : l)) : [...ls, newLine(scanned)];
    });
    return undefined;
  };

  const save = async (body: TransferFields) => {
    const saved = await saveTransfer(initial ? initial.id : null, body, key.key());
    toastSuccess(id ? t('stockTransfer.feedback.saved') : t('stockTransfer.feedback.created', { number: saved.number }));
    navigate(`${TRANSFERS_URL}/${saved.id}`);
  };
  const submit = form.handleSubmit(save, `${NS}:stockTransfer.feedback.saveFailed`);

  const f = (k: string) => t(`stockTransfer.fields.${k}`);

  return (
    <section className="screen" data-testid="transfer-form-page">
      <PageHeader title={title} />
      <form ref={form.formRef} noValidate className="form form-card" data-testid="transfer-form" onSubmit={(e) => void submit(e)}>
        <div className="form-grid">
          <WarehousePicker
            {...form.field('from_warehouse_id')}
            value={fromId}
            label={f('from_warehouse_id')}
            required
            data-testid="from-warehouse"
          />
          <WarehousePicker
            {...form.field('to_warehouse_id')}
            value={v.to_warehouse_id as number | ''}
            label={f('to_warehouse_id')}
            required
            exclude={[fromId]}
            data-testid="to-warehouse"
          />
          <DateField {...form.field('transfer_date')} label={f('transfer_date')} required />
        </div>
        <ScanInput onScan={onScan} disabled={form.saving} data-testid="transfer-scan" />
        <TransferLines lines={lines} fromId={fromId} form={form} />
        <div className="form-grid">
          <TextField {...form.field('carrier')} label={f('carrier')} data-testid="carrier" />
          <TextField {...form.field('packages')} value={String(v.packages ?? '')} label={f('packages')} data-testid="packages" />
          <NumberField
            {...form.field('gross_weight')}
            value={String(v.gross_weight ?? '')}
            label={f('gross_weight')}
            decimals={QUANTITY_DECIMALS}
            suffix="kg"
            data-testid="gross-weight"
          />
          <TextField {...form.field('notes')} label={f('notes')} multiline className="field-wide" />
        </div>
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
