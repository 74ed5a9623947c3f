import { useTranslation } from 'react-i18next';
import { NS } from '../paths';

/** What the figures mean (issue 14: written on the screen as in the README). */
export function ValuationDefinitions() {
  const { t } = useTranslation(NS);
  const terms = ['quantity', 'unitPrice', 'value', 'days'] as const;
  return (
    <section className="report-definitions" data-testid="valuation-definitions">
      <h2 className="report-section-title">{t('valuation.definitions.title')}</h2>
      <dl>
        {terms.map((term) => (
          <div key={term}>
            <dt>{t(`valuation.definitions.${term}`)}</dt>
            <dd>{t(`valuation.definitions.${term}Text`)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
