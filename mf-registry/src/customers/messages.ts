import { defineTranslations } from '@wms/shared-ui';

export const customersMessages = defineTranslations({
  it: { title: 'Clienti', subtitle: 'Ragione sociale, partita IVA, contatti e spedizione dei clienti' },
  fr: { title: 'Clients', subtitle: 'Raison sociale, numéro de TVA, contacts et expédition des clients' },
});
