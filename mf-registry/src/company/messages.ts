import { defineTranslations } from '@wms/shared-ui';

export const companyMessages = defineTranslations({
  it: { title: 'Azienda', subtitle: "Dati anagrafici dell'azienda" },
  fr: { title: 'Entreprise', subtitle: "Données de l'entreprise" },
});
