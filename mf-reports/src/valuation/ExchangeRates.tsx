import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ValuationTotal } from '@wms/shared-api';
import { TextField, formatCurrency } from '@wms/shared-ui';
import { NS } from '../paths';
import { grandTotalEur, loadRates, parseRate, saveRates, type Rates } from './rates';

/**
 * Rates per EUR for the foreign currencies present (remembered per user). With a valid rate for each, the grand total in
 * EUR labelled with the rates used; otherwise nothing — the per-currency totals stand alone.
 */
export function ExchangeRates({ username, totals }: { username: string | undefined; totals: ValuationTotal[] }) {
  const { t } = useTranslation(NS);
  const [rates, setRates] = useState<Rates>(() => loadRates(username));
  const foreign = totals.map((x) => x.currency).filter((c) => c !== 'EUR');
  if (foreign.length === 0) return null;
  const set = (currency: string, text: string) => {
    const next = { ...rates, [currency]: text };
    setRates(next);
    saveRates(username, next);
  };
  const grand = grandTotalEur(totals, rates);
  const used = foreign.map((c) => `1 EUR = ${rates[c]} ${c}`).join('; ');
  return (
    <section className="report-rates-box" data-testid="exchange-rates">
      <h3 className="report-section-title">{t('valuation.rates.title')}</h3>
      <div className="report-rates no-print">
        {foreign.map((c) => (
          <TextField
            key={c}
            name={`rate-${c}`}
            label={t('valuation.rates.label', { currency: c })}
            value={rates[c] ?? ''}
            onChange={(v) => set(c, v ?? '')}
            error={rates[c] && parseRate(rates[c]) === null ? t('valuation.rates.invalid') : undefined}
            data-testid={`rate-${c}`}
          />
        ))}
      </div>
      <p className="muted no-print">{t('valuation.rates.hint')}</p>
      {grand !== null ? (
        <div className="report-total" data-testid="grand-total-eur">
          <span className="muted">{t('valuation.rates.grandTotal')}</span>
          <strong>{formatCurrency(grand, 'EUR')}</strong>
          <span className="muted">{t('valuation.rates.usedRates', { rates: used })}</span>
        </div>
      ) : null}
    </section>
  );
}
