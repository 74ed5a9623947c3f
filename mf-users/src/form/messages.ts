import { defineTranslations } from '@wms/shared-ui';

export const userFormMessages = defineTranslations({
  it: { newTitle: 'Nuovo utente', editTitle: 'Modifica utente', subtitle: 'Dati di accesso, ruolo e registro attività' },
  fr: {
    newTitle: 'Nouvel utilisateur',
    editTitle: "Modifier l'utilisateur",
    subtitle: "Données d'accès, rôle et journal d'activité",
  },
});
