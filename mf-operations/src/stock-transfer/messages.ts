import { defineTranslations } from '@wms/shared-ui';

export const stockTransferMessages = defineTranslations({
  it: { title: 'Trasferimento merce', subtitle: 'Spostamento di merce tra magazzini' },
  fr: { title: 'Transfert de stock', subtitle: 'Déplacement de marchandises entre entrepôts' },
});
