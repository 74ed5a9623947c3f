import type { Party, PartyFields, PartyKind } from '@wms/shared-api';
import { recordApi } from '@wms/shared-ui';

/** The supplier and customer calls of SPEC §7: one set, on /suppliers or /customers (the list pages through usePagedList). */
export const partiesApi = {
  suppliers: recordApi<Party, PartyFields>('/suppliers'),
  customers: recordApi<Party, PartyFields>('/customers'),
} satisfies Record<PartyKind, unknown>;
export const partiesPath = (kind: PartyKind) => partiesApi[kind].path;
