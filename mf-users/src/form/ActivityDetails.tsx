import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActivityField, DisplayKind } from '@wms/shared-api';
import { formatCount, formatDate, formatDateTime, formatKind, formatNumber, formatUnit } from '@wms/shared-ui';
import { NS } from '../paths';

type T = (key: string, options?: Record<string, unknown>) => string;

/** How each decimal field reads (SPEC §9): quantities 0–3 decimals, prices 2–5, totals 2; any other up to 5. */
const DECIMAL_KINDS: Record<string, DisplayKind> = { quantity: 'quantity', price: 'price', total: 'amount' };

/**
 * One value in the user's language: numbers exact with the language's marks (the server sends decimal text: '2.500' is
 * it/fr '2,5', '1234.5' it '1.234,5' / fr '1 234,5'), counts grouped, units by their label (never the code 'piece'),
 * days dd/MM/yyyy, yes/no, role and status names.
 */
export function activityValue(t: T, field: ActivityField, value: string | null | undefined): ReactNode {
  if (value === null || value === undefined) return t('activity.values.empty');
  // Older answers sent the unit as a 'code' under the field 'unit'.
  if (field.field === 'unit') return formatUnit(value);
  switch (field.kind) {
    case 'unit':
      return formatUnit(value);
    case 'decimal': {
      const kind = DECIMAL_KINDS[field.field];
      return kind ? formatKind(value, kind) : formatNumber(value, { minDecimals: 0, maxDecimals: 5 });
    }
    case 'integer':
      return formatCount(value);
    case 'day':
      return formatDate(value) || value;
    case 'datetime':
      return formatDateTime(value) || value;
    case 'flag':
      return t(value === 'true' ? 'activity.values.yes' : 'activity.values.no');
    case 'role':
      return t(`common:roles.${value}`, { defaultValue: value });
    case 'productStatus':
    case 'orderStatus':
    case 'movementType':
      return t(`activity.values.${field.kind}.${value}`, { defaultValue: value });
    case 'code':
      return <span className="code">{value}</span>;
    default:
      return value;
  }
}

/** The label of a field: translated; an unforeseen key reads as words ("shipping method"), never as a column name. */
function label(t: T, field: string): string {
  const words = field
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return t(`activity.fields.${field}`, { defaultValue: words.charAt(0).toUpperCase() + words.slice(1) });
}

/** An activity's details as labelled values ("Quantità 2,5 · Magazzino Centrale"), a change as "old → new". */
export function ActivityDetails({ fields }: { fields: ActivityField[] }) {
  const { t: translate } = useTranslation([NS, 'common']);
  const t = translate as unknown as T;
  if (fields.length === 0) return null;
  return (
    <dl className="activity-fields">
      {fields.map((f, i) => (
        <div key={`${f.field}-${i}`} className="activity-field">
          <dt>
            {label(t, f.field)}
            {f.of ? (
              <>
                {' '}
                <span className="code">{f.of}</span>
              </>
            ) : null}
            {t('activity.colon')}
          </dt>
          <dd>
            {f.kind === 'changed' ? (
              f.field === 'credentials' ? (
                t('activity.values.changed')
              ) : null
            ) : f.from !== undefined ? (
              <>
                {activityValue(t, f, f.from)} <span aria-hidden="true">→</span> <span className="sr-only">{t('activity.becomes')}</span>{' '}
                {activityValue(t, f, f.value)}
              </>
            ) : (
              activityValue(t, f, f.value)
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The same details as one line of text (for the table's search and the hover). */
export function activityText(t: T, fields: ActivityField[]): string {
  const plain = (f: ActivityField, v: string | null | undefined) => {
    const node = activityValue(t, f, v);
    return typeof node === 'string' ? node : (v ?? '');
  };
  return fields
    .map((f) => {
      const name = label(t, f.field) + (f.of ? ` ${f.of}` : '');
      if (f.kind === 'changed') return name;
      return f.from !== undefined ? `${name}: ${plain(f, f.from)} → ${plain(f, f.value)}` : `${name}: ${plain(f, f.value)}`;
    })
    .join(' · ');
}
