import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from '@wms/shared-ui/router';
import { emptyParty, PARTY_SORTS, partyBodyOf, type Party, type PartyBody, type PartyKind } from '@wms/shared-api';
import {
  failureText,
  formatCount,
  PageHeader,
  PagedTable,
  RowActions,
  savedRowState,
  usePagedList,
  useRowActions,
  useSession,
  type Column,
} from '@wms/shared-ui';
import { NS } from '../paths';
import { partiesApi, partiesPath } from './api';
import { PartyForm } from './PartyForm';

const PAGE_SIZE = 50;
const TRUNCATE = 30;

type Editing = { id: number | null; initial: PartyBody } | null;

/**
 * /anagrafica/fornitori and /anagrafica/clienti (SPEC §2): one screen for both kinds, so their layouts cannot drift. A
 * table with business name, city, VAT number, email, phone, edit and delete; the inline form replaces it while open.
 */
export function PartiesPage({ kind }: { kind: PartyKind }) {
  const { t } = useTranslation(NS);
  const { user } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [editing, setEditing] = useState<Editing>(null);
  const list = usePagedList<Party>(partiesPath(kind), { sorts: PARTY_SORTS, pageSize: PAGE_SIZE });
  const { reload } = list;
  const { act, busyId, dialog } = useRowActions(reload);

  const remove = useCallback(
    (p: Party) =>
      act(p.id, {
        ask: {
          title: t(`${kind}.deleteTitle`),
          message: t(`${kind}.deleteMessage`),
          confirmLabel: t('shared.actions.delete'),
          tone: 'danger',
        },
        run: async () => {
          await partiesApi[kind].remove(p.id, user?.id);
          return t(`${kind}.deleted`);
        },
        failure: (err) => failureText(err, `${NS}:${kind}.deleteError`),
      }),
    [act, kind, t, user?.id],
  );

  const columns = useMemo<Column<Party>[]>(
    () => [
      ...(['business_name', 'city', 'vat_number', 'email', 'phone'] as const).map((f) => ({
        id: f,
        header: t(`parties.fields.${f}`),
        value: (p: Party) => p[f],
        // On a portrait tablet the e-mail and phone wait in the form; name, city and VAT number stay.
        priority: f === 'email' || f === 'phone' ? ('medium' as const) : undefined,
      })),
      {
        id: 'actions',
        header: t('shared.actions.actions'),
        render: (p: Party) => (
          <RowActions
            edit={{
              onClick: () => setEditing({ id: p.id, initial: partyBodyOf(p) }),
              label: `${t('shared.actions.edit')} ${p.business_name}`,
            }}
            remove={{ onClick: () => void remove(p), disabled: busyId === p.id, label: `${t('shared.actions.delete')} ${p.business_name}` }}
          />
        ),
      },
    ],
    [t, remove, busyId],
  );

  // A saved record is shown highlighted in the list (found by its name when it is not on the page).
  const closeForm = (saved: Party | null) => {
    setEditing(null);
    if (!saved) return;
    reload();
    navigate(
      { pathname: location.pathname, search: location.search },
      { replace: true, state: savedRowState(saved.id, saved.business_name) },
    );
  };

  return (
    <section className="screen registry-screen" data-testid={`${kind}-page`}>
      <PageHeader
        title={t(`${kind}.title`)}
        subtitle={t(`${kind}.subtitle`)}
        actions={
          editing ? null : (
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => setEditing({ id: null, initial: emptyParty() })}
              data-testid="add-party"
            >
              {t(`${kind}.add`)}
            </button>
          )
        }
      />
      {editing ? (
        <PartyForm key={editing.id ?? 'new'} kind={kind} id={editing.id} initial={editing.initial} onDone={closeForm} />
      ) : (
        <PagedTable
          list={list}
          failedText={t(`${kind}.listError`)}
          count={t(`${kind}.count`, { total: formatCount(list.total) })}
          countTestId={`${kind}-count`}
          columns={columns}
          rowKey={(p) => p.id}
          caption={t(`${kind}.caption`)}
          truncate={TRUNCATE}
          emptyText={t(`${kind}.empty`)}
          testId={`${kind}-table`}
        />
      )}
      {dialog}
    </section>
  );
}
