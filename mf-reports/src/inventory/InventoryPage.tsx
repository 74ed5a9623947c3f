import { useTranslation } from 'react-i18next';
import { PageHeader } from '@wms/shared-ui';
import { NS } from '../paths';

/** /report/inventario — final as specified (SPEC §2): a placeholder with title and subtitle only. */
export function InventoryPage() {
  const { t } = useTranslation(NS);
  return (
    <section data-testid="inventory-page">
      <PageHeader title={t('inventory.title')} subtitle={t('inventory.subtitle')} />
    </section>
  );
}
