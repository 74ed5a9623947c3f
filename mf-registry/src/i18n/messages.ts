import { defineTranslations } from '@wms/shared-ui';
import { sharedMessages } from '../common/messages';
import { companyMessages } from '../company/messages';
import { customersMessages } from '../customers/messages';
import { partiesMessages } from '../parties/messages';
import { productsMessages } from '../products/messages';
import { stockLimitsMessages } from '../replenishment/messages';
import { suppliersMessages } from '../suppliers/messages';
import { warehousesMessages } from '../warehouses/messages';

/** Namespace `registry`: the hub's wording plus each screen's own messages (kept next to the screen). */
export const registryMessages = defineTranslations({
  it: {
    hub: { title: 'Anagrafiche', subtitle: 'Dati di base: prodotti, magazzini, azienda, fornitori e clienti' },
    shared: sharedMessages.it,
    products: productsMessages.it,
    stockLimits: stockLimitsMessages.it,
    warehouses: warehousesMessages.it,
    company: companyMessages.it,
    suppliers: suppliersMessages.it,
    customers: customersMessages.it,
    parties: partiesMessages.it,
  },
  fr: {
    hub: { title: 'Référentiels', subtitle: 'Données de base : produits, entrepôts, entreprise, fournisseurs et clients' },
    shared: sharedMessages.fr,
    products: productsMessages.fr,
    stockLimits: stockLimitsMessages.fr,
    warehouses: warehousesMessages.fr,
    company: companyMessages.fr,
    suppliers: suppliersMessages.fr,
    customers: customersMessages.fr,
    parties: partiesMessages.fr,
  },
});
