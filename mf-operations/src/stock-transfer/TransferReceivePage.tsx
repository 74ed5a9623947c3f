import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from '@wms/shared-ui/router';
import {
  compareDecimals,
  isDecimalString,
  SHORTFALL_REASONS,
  transferReceiveFormSchema,
  type ShortfallReason,
  type Transfer,
} from '@wms/shared-api';
import {
  formatQuantity,
  FormActions,
  lineField,
  PageHeader,
  QuantityField,
  SelectField,
  toastSuccess,
  useFormList,
  useIdempotencyKey,
  useLoad,
  useZodForm,
  routeRecordId,
} from '@wms/shared-ui';
import { NS } from '../paths';
import { fetchTransfer, transferAction } from './api';
import { LoadedTransfer, TRANSFERS_URL } from './status';
import './transfers.css';

/**
 * /operazioni/trasferimenti/{id}/ricevi: what arrived of each line (prefilled with what was shipped) and, for a line that
 * arrived short, why — returned to the source, damaged or lost (written off). The kit's useZodForm on shared-api's
 * transferReceiveFormSchema (the server's rules and words: not above what was shipped, short only with a reason); a
 * refusal shows in the form. One request, exactly once.
 */
export function TransferReceivePage() {
  const { id } = useParams();
  const load = useLoad(() => fetchTransfer(routeRecordId(id)), [id]);
  return <LoadedTransfer load={load}>{(tr) => <ReceiveForm tr={tr} />}</LoadedTransfer>;
}

type Arrival = { line_id: number; quantity: string; reason: ShortfallReason | null };

function ReceiveForm({ tr }: { tr: Transfer }) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const r = (k: string, o?: Record<string, unknown>) => t(`stockTransfer.receive.${k}`, o);
  const key = useIdempotencyKey();
  const schema = useMemo(() => transferReceiveFormSchema(tr.lines), [tr.lines]);
  const form = useZodForm(schema, { lines: tr.lines.map((l): Arrival => ({ line_id: l.id, quantity: l.quantity, reason: null })) });
  const lines = useFormList(form.values.lines as Arrival[], (rows) => form.set('lines', rows));
  const short = (i: number) => {
    const q = lines.rows[i].quantity;
    return isDecimalString(q) && compareDecimals(q, tr.lines[i].quantity) < 0;
  };
  const back = `${TRANSFERS_URL}/${tr.id}`;

  const submit = form.handleSubmit(async (data) => {
    // A reason only where the line is short (one chosen, then the quantity put back, is not sent).
    const body = { lines: data.lines.map((l, i) => ({ ...l, reason: short(i) ? l.reason : null })) };
    await transferAction(tr.id, 'receive', body, key.key());
    toastSuccess(t('stockTransfer.feedback.received'));
    navigate(back);
  }, `${NS}:stockTransfer.feedback.actionFailed`);

  return (
    <section className="screen" data-testid="transfer-receive-page">
      <PageHeader title={r('title', { number: tr.number })} subtitle={`${tr.from_warehouse_name} → ${tr.to_warehouse_name}`} />
      <p>{r('hint')}</p>
      <form ref={form.formRef} noValidate className="form form-card" onSubmit={(e) => void submit(e)} data-testid="receive-form">
        {tr.lines.map((l, i) => (
          <fieldset className="receive-line" key={l.id} data-testid={`receive-line-${i}`}>
            <legend>
              <span className="code">{l.product_code}</span> {l.product_description}
              {l.batch_number ? ` · ${t('stockTransfer.fields.batch')} ${l.batch_number}` : ''} · {t('stockTransfer.detail.shipped')}{' '}
              {formatQuantity(l.quantity, l.unit_of_measure)}
            </legend>
            <QuantityField
              {...lineField(form, `lines.${i}.quantity`)}
              label={r('arrived')}
              required
              unit={l.unit_of_measure}
              value={lines.rows[i].quantity}
              onChange={(v) => lines.patch(i, { quantity: v })}
              data-testid={`arrived-${i}`}
            />
            {short(i) ? (
              <SelectField
                {...lineField(form, `lines.${i}.reason`)}
                label={r('reason')}
                required
                value={lines.rows[i].reason ?? ''}
                placeholder={r('chooseReason')}
                options={SHORTFALL_REASONS.map((x) => ({ value: x, label: t(`stockTransfer.reason.${x}`) }))}
                onChange={(v) => lines.patch(i, { reason: (v || null) as ShortfallReason | null })}
                data-testid={`reason-${i}`}
              />
            ) : null}
          </fieldset>
        ))}
        <FormActions
          saving={form.saving}
          failure={form.failure}
          failureTestId="receive-error"
          onCancel={() => navigate(back)}
          saveLabel={r('confirm')}
          saveTestId="confirm-receive"
        />
      </form>
    </section>
  );
}
