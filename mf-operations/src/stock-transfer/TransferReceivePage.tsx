import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from '@wms/shared-ui/router';
import { apiError, compareDecimals, isDecimalString, SHORTFALL_REASONS, type Transfer, type TransferReceiveBody } from '@wms/shared-api';
import {
  failureText,
  formatQuantity,
  formatUnit,
  NumberField,
  PageHeader,
  QUANTITY_DECIMALS,
  SelectField,
  toastError,
  toastSuccess,
  useDocumentTitle,
  useIdempotencyKey,
  useLoad,
} from '@wms/shared-ui';
import { NS } from '../paths';
import { fetchTransfer, transferAction } from './api';
import { LoadedTransfer, TRANSFERS_URL } from './status';
import './transfers.css';

/**
 * /operazioni/trasferimenti/{id}/ricevi: what arrived of each line (prefilled with what was shipped) and, for a line that
 * arrived short, why — returned to the source, damaged or lost (written off). One request, exactly once.
 */
export function TransferReceivePage() {
  const { id = '' } = useParams();
  const load = useLoad(() => fetchTransfer(id), [id]);
  return <LoadedTransfer load={load}>{(tr) => <ReceiveForm tr={tr} />}</LoadedTransfer>;
}

interface Arrival {
  quantity: string;
  reason: string;
}

function ReceiveForm({ tr }: { tr: Transfer }) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const r = (k: string, o?: Record<string, unknown>) => t(`stockTransfer.receive.${k}`, o);
  useDocumentTitle(r('title', { number: tr.number }));
  const [arrivals, setArrivals] = useState<Record<number, Arrival>>(() =>
    Object.fromEntries(tr.lines.map((l) => [l.id, { quantity: l.quantity, reason: '' }])),
  );
  const [fields, setFields] = useState<Record<string, string>>({});
  const [unreadable, setUnreadable] = useState<Record<number, boolean>>({});
  const [saving, setSaving] = useState(false);
  const key = useIdempotencyKey();

  const short = (lineId: number, shipped: string) => {
    const q = arrivals[lineId]?.quantity;
    return isDecimalString(q) && compareDecimals(q, shipped) < 0;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (saving || Object.values(unreadable).some(Boolean)) return;
    const body: TransferReceiveBody = {
      lines: tr.lines.map((l) => ({
        line_id: l.id,
        quantity: arrivals[l.id].quantity,
        reason: short(l.id, l.quantity) ? ((arrivals[l.id].reason || null) as 'damaged' | 'lost' | 'returned' | null) : null,
      })),
    };
    setSaving(true);
    try {
      await transferAction(tr.id, 'receive', body, key.key());
      toastSuccess(t('stockTransfer.feedback.received'));
      navigate(`${TRANSFERS_URL}/${tr.id}`);
    } catch (err) {
      setFields(apiError(err)?.fields ?? {});
      toastError(failureText(err, `${NS}:stockTransfer.feedback.actionFailed`));
      setSaving(false);
    }
  };

  return (
    <section className="screen" data-testid="transfer-receive-page">
      <PageHeader title={r('title', { number: tr.number })} subtitle={`${tr.from_warehouse_name} → ${tr.to_warehouse_name}`} />
      <p>{r('hint')}</p>
      <form noValidate className="form form-card" onSubmit={(e) => void submit(e)} data-testid="receive-form">
        {tr.lines.map((l, i) => (
          <fieldset className="receive-line" key={l.id} data-testid={`receive-line-${i}`}>
            <legend>
              <span className="code">{l.product_code}</span> {l.product_description}
              {l.batch_number ? ` · ${t('stockTransfer.fields.batch')} ${l.batch_number}` : ''} · {t('stockTransfer.detail.shipped')}{' '}
              {formatQuantity(l.quantity, l.unit_of_measure)}
            </legend>
            <NumberField
              name={`lines.${i}.quantity`}
              label={r('arrived')}
              required
              decimals={QUANTITY_DECIMALS}
              value={arrivals[l.id].quantity}
              disabled={saving}
              error={fields[`lines.${i}.quantity`]}
              suffix={formatUnit(l.unit_of_measure) || undefined}
              onInputProblem={(p) => setUnreadable((u) => ({ ...u, [l.id]: !!p }))}
              onChange={(v) => setArrivals((a) => ({ ...a, [l.id]: { ...a[l.id], quantity: v } }))}
              data-testid={`arrived-${i}`}
            />
            {short(l.id, l.quantity) ? (
              <SelectField
                name={`lines.${i}.reason`}
                label={r('reason')}
                required
                value={arrivals[l.id].reason}
                disabled={saving}
                error={fields[`lines.${i}.reason`]}
                placeholder={r('chooseReason')}
                options={SHORTFALL_REASONS.map((x) => ({ value: x, label: t(`stockTransfer.reason.${x}`) }))}
                onChange={(v) => setArrivals((a) => ({ ...a, [l.id]: { ...a[l.id], reason: String(v ?? '') } }))}
                data-testid={`reason-${i}`}
              />
            ) : null}
          </fieldset>
        ))}
        <div className="form-actions">
          <button type="button" className="btn" onClick={() => navigate(`${TRANSFERS_URL}/${tr.id}`)} disabled={saving}>
            {t('stockTransfer.back')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={saving} data-testid="confirm-receive">
            {r('confirm')}
          </button>
        </div>
      </form>
    </section>
  );
}
