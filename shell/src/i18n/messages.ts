import { defineTranslations } from '@wms/shared-ui';

/** Namespace `shell`: the host's own wording (navigation, home, remote failures). */
export const shellMessages = defineTranslations({
  it: {
    nav: { label: 'Navigazione principale', home: 'Home', skip: 'Vai al contenuto' },
    sections: {
      registry: { title: 'Anagrafiche', description: 'Prodotti, magazzini, azienda, fornitori e clienti' },
      operations: { title: 'Operazioni', description: 'Ordini fornitori, ricezione merce, prezzi, vendite e movimenti' },
      reports: { title: 'Report', description: 'Giacenze, inventario e valorizzazione del magazzino' },
      users: { title: 'Utenti', description: 'Utenti del sistema e registro delle attività' },
    },
    home: {
      title: 'Benvenuto, {{name}}',
      subtitle: "Scegli un'area di lavoro",
      cardsLabel: 'Aree del portale',
    },
    remote: {
      title: 'Modulo non disponibile',
      unavailable: 'Il modulo «{{module}}» non è disponibile al momento. Il resto del portale funziona normalmente.',
      retry: 'Riprova',
      loading: 'Caricamento del modulo «{{module}}»…',
      incompatibleTitle: 'Modulo non compatibile con il portale',
      needsNewer:
        'Il modulo «{{module}}» richiede una versione più recente del portale e non è stato caricato. Contatta il team responsabile: {{team}}. Il resto del portale funziona normalmente.',
      needsOlder:
        'Il modulo «{{module}}» richiede una versione precedente del portale e non è stato caricato. Contatta il team responsabile: {{team}}. Il resto del portale funziona normalmente.',
    },
    routeError: 'Si è verificato un errore imprevisto.',
  },
  fr: {
    nav: { label: 'Navigation principale', home: 'Accueil', skip: 'Aller au contenu' },
    sections: {
      registry: { title: 'Référentiels', description: 'Produits, entrepôts, entreprise, fournisseurs et clients' },
      operations: { title: 'Opérations', description: 'Commandes fournisseurs, réception, prix, ventes et mouvements' },
      reports: { title: 'Rapports', description: "Niveaux de stock, inventaire et valorisation de l'entrepôt" },
      users: { title: 'Utilisateurs', description: "Utilisateurs du système et journal d'activité" },
    },
    home: {
      title: 'Bienvenue, {{name}}',
      subtitle: 'Choisissez un espace de travail',
      cardsLabel: 'Espaces du portail',
    },
    remote: {
      title: 'Module indisponible',
      unavailable: "Le module « {{module}} » n'est pas disponible pour le moment. Le reste du portail fonctionne normalement.",
      retry: 'Réessayer',
      loading: 'Chargement du module « {{module}} »…',
      incompatibleTitle: 'Module incompatible avec le portail',
      needsNewer:
        "Le module « {{module}} » nécessite une version plus récente du portail et n'a pas été chargé. Contactez l'équipe responsable : {{team}}. Le reste du portail fonctionne normalement.",
      needsOlder:
        "Le module « {{module}} » nécessite une version plus ancienne du portail et n'a pas été chargé. Contactez l'équipe responsable : {{team}}. Le reste du portail fonctionne normalement.",
    },
    routeError: 'Une erreur inattendue est survenue.',
  },
});
