import { defineTranslations } from '@wms/shared-ui';

/** Field labels of suppliers and customers (same fields, SPEC §3); each kind's own sentences are in its folder. */
export const partiesMessages = defineTranslations({
  it: {
    fields: {
      business_name: 'Ragione sociale',
      vat_number: 'Partita IVA',
      address: 'Indirizzo',
      city: 'Città',
      province: 'Provincia',
      zip_code: 'CAP',
      country: 'Nazione',
      email: 'Email',
      phone: 'Telefono',
      contact_name: 'Referente',
      contact_role: 'Ruolo del referente',
      contact_phone: 'Telefono del referente',
      shipping_method: 'Modalità di spedizione',
      notes: 'Note',
    },
    sections: { main: 'Dati anagrafici', contact: 'Referente, spedizione e note' },
  },
  fr: {
    fields: {
      business_name: 'Raison sociale',
      vat_number: 'Numéro de TVA',
      address: 'Adresse',
      city: 'Ville',
      province: 'Province',
      zip_code: 'Code postal',
      country: 'Pays',
      email: 'E-mail',
      phone: 'Téléphone',
      contact_name: 'Contact',
      contact_role: 'Fonction du contact',
      contact_phone: 'Téléphone du contact',
      shipping_method: "Mode d'expédition",
      notes: 'Notes',
    },
    sections: { main: "Données d'identification", contact: 'Contact, expédition et notes' },
  },
});

/** The sentences each kind (suppliers, customers) words its own way; both folders fill the same keys. */
export interface PartyWording {
  [key: string]: string;
  title: string;
  subtitle: string;
  add: string;
  newTitle: string;
  editTitle: string;
  count: string;
  caption: string;
  empty: string;
  deleteTitle: string;
  deleteMessage: string;
  created: string;
  updated: string;
  deleted: string;
  saveError: string;
  deleteError: string;
  listError: string;
}
