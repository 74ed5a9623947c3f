import { useTranslation } from 'react-i18next';
import { PageHeader } from '@wms/shared-ui';
import { NS } from '../paths';

/** /anagrafica/azienda — final as specified (SPEC §2 Company): title and subtitle only. */
export function CompanyPage() {
  const { t } = useTranslation(NS);
  return (
    <section data-testid="company-page">
      <PageHeader title={t('company.title')} subtitle={t('company.subtitle')} />
    </section>
  );
}
