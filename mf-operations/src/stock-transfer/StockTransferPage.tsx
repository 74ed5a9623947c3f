import { useTranslation } from 'react-i18next';
import { PageHeader } from '@wms/shared-ui';
import { NS } from '../paths';

/** /operazioni/trasferimenti — final as specified (SPEC §2): title and subtitle only. */
export function StockTransferPage() {
  const { t } = useTranslation(NS);
  return (
    <section data-testid="stock-transfer-page">
      <PageHeader title={t('stockTransfer.title')} subtitle={t('stockTransfer.subtitle')} />
    </section>
  );
}
