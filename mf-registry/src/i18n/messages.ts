import { defineTranslations } from '@wms/shared-ui';
import { companyMessages } from '../company/messages';
import { customersMessages } from '../customers/messages';
import { productsMessages } from '../products/messages';
import { suppliersMessages } from '../suppliers/messages';
import { warehousesMessages } from '../warehouses/messages';

/** Namespace `registry`: the hub's wording plus each screen's own messages (kept next to the screen). */
export const registryMessages = defineTranslations({
  it: {
    hub: { title: 'Anagrafiche', subtitle: 'Dati di base: prodotti, magazzini, azienda, fornitori e clienti' },
    products: productsMessages.it,
    warehouses: warehousesMessages.it,
    company: companyMessages.it,
    suppliers: suppliersMessages.it,
    customers: customersMessages.it,
  },
  fr: {
    hub: { title: 'Référentiels', subtitle: 'Données de base : produits, entrepôts, entreprise, fournisseurs et clients' },
    products: productsMessages.fr,
    warehouses: warehousesMessages.fr,
    company: companyMessages.fr,
    suppliers: suppliersMessages.fr,
    customers: customersMessages.fr,
  },
});
