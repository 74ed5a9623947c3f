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
    },
    routeError: 'Une erreur inattendue est survenue.',
  },
});
