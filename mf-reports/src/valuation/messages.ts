import { defineTranslations } from '@wms/shared-ui';

export const valuationMessages = defineTranslations({
  it: { title: 'Valorizzazione magazzino', subtitle: 'Valore delle giacenze per periodo e magazzino, con totali per valuta' },
  fr: { title: 'Valorisation du stock', subtitle: 'Valeur du stock par période et entrepôt, avec totaux par devise' },
});
