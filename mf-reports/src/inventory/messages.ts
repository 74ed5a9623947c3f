import { defineTranslations } from '@wms/shared-ui';

export const inventoryMessages = defineTranslations({
  it: { title: 'Inventario', subtitle: 'Inventario fisico del magazzino' },
  fr: { title: 'Inventaire', subtitle: "Inventaire physique de l'entrepôt" },
});
