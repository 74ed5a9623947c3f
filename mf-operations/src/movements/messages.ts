import { defineTranslations } from '@wms/shared-ui';

export const movementsMessages = defineTranslations({
  it: {
    title: 'Movimenti',
    subtitle: 'Carichi, scarichi e trasferimenti di magazzino',
    newTitle: 'Nuovo movimento',
    editTitle: 'Modifica movimento',
  },
  fr: {
    title: 'Mouvements',
    subtitle: 'Entrées, sorties et transferts de stock',
    newTitle: 'Nouveau mouvement',
    editTitle: 'Modifier le mouvement',
  },
});
