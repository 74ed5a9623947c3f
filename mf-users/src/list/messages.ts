import { defineTranslations } from '@wms/shared-ui';

export const userListMessages = defineTranslations({
  it: { title: 'Gestione utenti', subtitle: 'Utenti del sistema, stato attivo e collegamento' },
  fr: { title: 'Gestion des utilisateurs', subtitle: 'Utilisateurs du système, état actif et connexion' },
});
