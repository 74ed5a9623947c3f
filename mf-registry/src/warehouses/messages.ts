import { defineTranslations } from '@wms/shared-ui';

export const warehousesMessages = defineTranslations({
  it: {
    title: 'Magazzini',
    subtitle: 'Magazzini e depositi attivi e disattivati',
    newTitle: 'Nuovo magazzino',
    editTitle: 'Modifica magazzino',
  },
  fr: {
    title: 'Entrepôts',
    subtitle: 'Entrepôts et dépôts actifs et désactivés',
    newTitle: 'Nouvel entrepôt',
    editTitle: "Modifier l'entrepôt",
  },
});
