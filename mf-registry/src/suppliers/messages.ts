import { defineTranslations } from '@wms/shared-ui';

export const suppliersMessages = defineTranslations({
  it: { title: 'Fornitori', subtitle: 'Ragione sociale, partita IVA, contatti e spedizione dei fornitori' },
  fr: { title: 'Fournisseurs', subtitle: 'Raison sociale, numéro de TVA, contacts et expédition des fournisseurs' },
});
