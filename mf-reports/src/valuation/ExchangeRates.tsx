import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ValuationTotal } from '@wms/shared-api';
import { TextField, currentLanguage, editDecimal, formatAmount, formatNumber } from '@wms/shared-ui';
import { NS } from '../paths';
import { RATE_DECIMALS, grandTotalEur, loadRates, readRate, saveRates, type Rates } from './rates';

/**
 * Rates per EUR for the foreign currencies present (remembered per user), typed as the user writes numbers (it '1,0825',
 * fr '1,0825'; groups too). With a valid rate for each, the grand total in EUR (2 decimals) labelled with the rates used,
 * in the user's language; otherwise nothing — the per-currency totals stand alone.
 */
export function ExchangeRates({ username, totals }: { username: string | undefined; totals: ValuationTotal[] }) {
  const { t } = useTranslation(NS);
  const lang = currentLanguage();
  // What the user typed per currency; a remembered rate starts as its text in the user's language.
  const [texts, setTexts] = useState<Record<string, string>>(() =>
    Object.fromEntries(Object.entries(loadRates(username)).map(([c, r]) => [c, editDecimal(r, lang)])),
  );
  const foreign = totals.map((x) => x.currency).filter((c) => c !== 'EUR');
  if (foreign.length === 0) return null;

  const reads = Object.fromEntries(foreign.map((c) => [c, readRate(texts[c], lang)]));
  const rates: Rates = {};
  for (const c of foreign) {
    const read = reads[c];
    if (read.ok && read.value !== '') rates[c] = read.value;
  }
  const set = (currency: string, text: string) => {
    setTexts((all) => ({ ...all, [currency]: text }));
    const read = readRate(text, lang);
    if (!read.ok) return; // unreadable: nothing remembered, the message says how to write it
    const next = { ...loadRates(username) };
    if (read.value === '') delete next[currency];
    else next[currency] = read.value;
    saveRates(username, next);
  };
  const grand = grandTotalEur(totals, rates);
  const rateText = (rate: string) => formatNumber(rate, { minDecimals: 0, maxDecimals: RATE_DECIMALS });
  const used = foreign.map((c) => `1 EUR = ${rateText(rates[c] ?? '')} ${c}`).join('; ');
  return (
    <section className="report-rates-box" data-testid="exchange-rates">
      {/* On paper the section is its grand total: without one, not even its title. */}
      <h3 className={`report-section-title${grand === null ? ' no-print' : ''}`}>{t('valuation.rates.title')}</h3>
      <div className="report-rates no-print">
        {foreign.map((c) => (
          <TextField
            key={c}
            name={`rate-${c}`}
            label={t('valuation.rates.label', { currency: c })}
            value={texts[c] ?? ''}
            onChange={(v) => set(c, v ?? '')}
            error={reads[c].ok ? undefined : t('valuation.rates.invalid', { max: RATE_DECIMALS })}
            data-testid={`rate-${c}`}
          />
        ))}
      </div>
      <p className="muted no-print">{t('valuation.rates.hint')}</p>
      {grand !== null ? (
        <div className="report-total" data-testid="grand-total-eur">
          <span className="muted">{t('valuation.rates.grandTotal')}</span>
          <strong>{formatAmount(grand, 'EUR')}</strong>
          <span className="muted">{t('valuation.rates.usedRates', { rates: used })}</span>
        </div>
      ) : null}
    </section>
  );
}
