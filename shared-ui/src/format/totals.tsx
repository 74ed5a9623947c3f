import { Fragment } from 'react';
import { formatAmount } from './number';

/** An amount in one currency, as documents total them (`totalsByCurrency`, an order's `totals`). */
export interface CurrencyAmount {
  currency: string;
  /** Exact decimal string. */
  amount: string;
}

/** Each currency's total with 2 decimals (SPEC §9), in the user's language: ['12,50 €', '3,00 USD']. Never added up. */
export function formatTotals(totals: readonly CurrencyAmount[]): string[] {
  return totals.map((x) => formatAmount(x.amount, x.currency));
}

/** The totals as one text, "12,50 € + 3,00 USD" (a print, a message); `empty` when there is none. */
export function totalsText(totals: readonly CurrencyAmount[], empty = '—'): string {
  return totals.length ? formatTotals(totals).join(' + ') : empty;
}

export interface TotalsProps {
  totals: readonly CurrencyAmount[];
  /** Shown when there is no total ('—'). */
  empty?: string;
}

/** The totals on screen: one figure per currency, each kept whole; the line may break between them (narrow columns). */
export function Totals({ totals, empty = '—' }: TotalsProps) {
  if (!totals.length) return <>{empty}</>;
  return (
    <>
      {formatTotals(totals).map((x, i) => (
        <Fragment key={i}>
          {i > 0 ? ' + ' : null}
          <span className="nowrap">{x}</span>
        </Fragment>
      ))}
    </>
  );
}
