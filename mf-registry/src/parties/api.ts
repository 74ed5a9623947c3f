import { api, type Party, type PartyFields, type PartyKind } from '@wms/shared-api';

/** The supplier and customer calls of SPEC §7: one set, on /suppliers or /customers (the list pages through usePagedList). */
export const partiesPath = (kind: PartyKind) => `/${kind}`;

export async function saveParty(kind: PartyKind, id: number | null, p: PartyFields, userId?: number): Promise<Party> {
  const { data } = id
    ? await api.put<Party>(`${partiesPath(kind)}/${id}`, { ...p, modified_by: userId ?? null })
    : await api.post<Party>(partiesPath(kind), { ...p, created_by: userId ?? null });
  return data;
}

/** SPEC §7: body {deleted_by}, the user id or "system" (the server records the session's user either way). */
export async function deleteParty(kind: PartyKind, id: number, userId?: number): Promise<void> {
  await api.delete(`${partiesPath(kind)}/${id}`, { data: { deleted_by: userId ?? 'system' } });
}
