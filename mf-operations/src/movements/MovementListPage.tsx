import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import {
  Badge,
  DataTable,
  ErrorState,
  PageHeader,
  Spinner,
  Truncate,
  formatDate,
  formatNumber,
  toastError,
  toastSuccess,
  useConfirm,
  useSession,
  type Column,
  type SortState,
} from '@wms/shared-ui';
import { NS } from '../paths';
import { deleteMovement, fetchMovements, TYPE_FILTERS, type MovementQuery, type MovementView, type TypeFilter } from './api';
import { failureText, formatQuantity, typeLabel, type Translate } from './format';
import { COLUMN_OF_SORT, queryFromSearch, searchFromQuery, SORT_OF_COLUMN } from './list-state';
import { LIST_PATH } from './paths';
import './movements.css';

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; rows: MovementView[]; total: number; busy: boolean };

/** Typing in the product-code filter asks the server this long after the last key. */
export const CODE_DEBOUNCE_MS = 300;

const TYPE_TONES = { C: 'success', S: 'danger', T: 'warning' } as const;

/**
 * /operazioni/movimenti (SPEC §2 Stock movements): live movements, newest first, one server page at a time (the ledger can
 * hold a million rows): filters type, product code and date range; sort by date, type, product code, quantity, source and
 * destination warehouse. A failed load shows fetchFailed in place of the table. Manual movements can be edited; deleting
 * asks first, and the server appends a reversal.
 */
export function MovementListPage() {
  const { t } = useTranslation(NS);
  const tr = t as unknown as Translate;
  const ids = useId();
  const location = useLocation();
  const [search, setSearch] = useSearchParams();
  const query = useMemo(() => queryFromSearch(search), [search]);
  const { user } = useSession();
  const { confirm, dialog } = useConfirm();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [reloads, setReloads] = useState(0);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [code, setCode] = useState(query.productCode);

  const update = useCallback(
    (change: Partial<MovementQuery>, { keepPage = false } = {}) => {
      setSearch(
        (current) => {
          const q = queryFromSearch(current);
          return searchFromQuery({ ...q, ...change, page: keepPage ? (change.page ?? q.page) : 1 });
        },
        { replace: true },
      );
    },
    [setSearch],
  );

  // The code box follows the URL (a reset, the way back), and the URL follows the box once typing pauses.
  const lastSent = useRef(query.productCode);
  useEffect(() => {
    if (query.productCode !== lastSent.current) {
      lastSent.current = query.productCode;
      setCode(query.productCode);
    }
  }, [query.productCode]);
  useEffect(() => {
    if (code === lastSent.current) return undefined;
    const timer = setTimeout(() => {
      lastSent.current = code;
      update({ productCode: code });
    }, CODE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [code, update]);

  // One request per list state; a newer state aborts the older request, so a slow answer never overwrites a newer one.
  const queryKey = JSON.stringify(query);
  useEffect(() => {
    const controller = new AbortController();
    setLoad((l) => (l.state === 'ready' ? { ...l, busy: true } : { state: 'loading' }));
    fetchMovements(JSON.parse(queryKey) as MovementQuery, controller.signal).then(
      (page) => {
        if (!controller.signal.aborted) setLoad({ state: 'ready', rows: page.rows, total: page.total, busy: false });
      },
      () => {
        if (!controller.signal.aborted) setLoad({ state: 'failed' });
      },
    );
    return () => controller.abort();
  }, [queryKey, reloads]);

  // A page emptied by a delete (or a stale link) moves to the last page that has rows.
  useEffect(() => {
    if (load.state !== 'ready' || load.busy || load.rows.length > 0 || load.total === 0 || query.page === 1) return;
    update({ page: Math.max(1, Math.ceil(load.total / query.pageSize)) }, { keepPage: true });
  }, [load, query.page, query.pageSize, update]);

  const reload = useCallback(() => setReloads((n) => n + 1), []);

  const remove = useCallback(
    async (m: MovementView) => {
      const date = m.movement_date;
      const ok = await confirm({
        title: t('movements.list.confirmTitle'),
        message: t('movements.list.confirmMessage', {
          type: typeLabel(tr, m.movement_type, m.source_type).toLocaleLowerCase(),
          quantity: formatQuantity(m.quantity),
          code: m.product_code,
          date,
        }),
        confirmLabel: t('movements.list.confirmOk'),
        tone: 'danger',
      });
      if (!ok) return;
      setDeleting(m.id);
      try {
        await deleteMovement(m.id, user?.username ?? null);
        toastSuccess(t('movements.feedback.deleted'));
        reload();
      } catch (err) {
        toastError(failureText(tr, 'deleteError', err));
      } finally {
        setDeleting(null);
      }
    },
    [confirm, t, tr, user?.username, reload],
  );

  const listSearch = location.search;
  const columns = useMemo<Column<MovementView>[]>(
    () => [
      { id: 'date', header: t('movements.list.columns.date'), sortable: true, render: (m) => formatDate(m.movement_date) },
      {
        id: 'type',
        header: t('movements.list.columns.type'),
        sortable: true,
        render: (m) => (
          <span data-testid={`movement-type-${m.id}`}>
            <Badge tone={m.source_type === 'SO' ? 'neutral' : TYPE_TONES[m.movement_type]}>
              {typeLabel(tr, m.movement_type, m.source_type)}
            </Badge>
          </span>
        ),
      },
      {
        id: 'productCode',
        header: t('movements.list.columns.productCode'),
        sortable: true,
        render: (m) => (
          <span title={m.product_name ?? undefined}>
            <Truncate text={m.product_code} max={20} />
          </span>
        ),
      },
      {
        id: 'quantity',
        header: t('movements.list.columns.quantity'),
        sortable: true,
        align: 'end',
        render: (m) => <span data-testid={`movement-quantity-${m.id}`}>{formatQuantity(m.quantity)}</span>,
      },
      {
        id: 'batch',
        header: t('movements.list.columns.batch'),
        sortable: false,
        render: (m) => <Truncate text={m.batch_number} max={20} />,
      },
      {
        id: 'warehouse',
        header: t('movements.list.columns.warehouse'),
        sortable: true,
        render: (m) => <Truncate text={m.warehouse_name} max={20} />,
      },
      {
        id: 'destination',
        header: t('movements.list.columns.destination'),
        sortable: true,
        render: (m) => <Truncate text={m.destination_warehouse} max={20} />,
      },
      { id: 'notes', header: t('movements.list.columns.notes'), sortable: false, render: (m) => <Truncate text={m.notes} max={20} /> },
      {
        id: 'actions',
        header: t('movements.list.columns.actions'),
        sortable: false,
        render: (m) => {
          const names = { code: m.product_code, date: m.movement_date };
          if (m.source_type !== 'MAN') {
            return (
              <span className="muted" title={t('movements.list.fromDocument')}>
                {m.source_document.number ?? m.source_document.type}
              </span>
            );
          }
          return (
            <span className="row-actions">
              <Link
                to={`${LIST_PATH}/${encodeURIComponent(m.id)}`}
                state={{ listSearch }}
                className="btn"
                aria-label={t('movements.list.editMovement', names)}
                data-testid={`edit-movement-${m.id}`}
              >
                {t('movements.list.edit')}
              </Link>
              <button
                type="button"
                className="btn btn-danger"
                onClick={() => void remove(m)}
                disabled={deleting !== null}
                aria-label={t('movements.list.deleteMovement', names)}
                data-testid={`delete-movement-${m.id}`}
              >
                {t('movements.list.delete')}
              </button>
            </span>
          );
        },
      },
    ],
    [t, tr, listSearch, deleting, remove],
  );

  const sort: SortState = { column: COLUMN_OF_SORT[query.sort], direction: query.order };
  const filtered = Boolean(query.type || query.productCode || query.dateFrom || query.dateTo);

  const addButton = (
    <Link to={`${LIST_PATH}/nuovo`} state={{ listSearch }} className="btn btn-primary" data-testid="add-movement">
      {t('movements.list.add')}
    </Link>
  );

  return (
    <section className="screen movements-screen" data-testid="movements-page">
      <PageHeader
        title={t('movements.title')}
        subtitle={
          load.state === 'ready'
            ? t('movements.list.total', { count: load.total, total: formatNumber(load.total, { minDecimals: 0, maxDecimals: 0 }) })
            : t('movements.subtitle')
        }
        actions={addButton}
      />

      <form className="movement-filters" role="search" aria-label={t('movements.list.filters')} onSubmit={(e) => e.preventDefault()}>
        <div className="field">
          <label htmlFor={`${ids}-type`}>{t('movements.list.typeFilter')}</label>
          <select
            id={`${ids}-type`}
            value={query.type}
            onChange={(e) => update({ type: e.target.value as TypeFilter })}
            data-testid="filter-type"
          >
            {TYPE_FILTERS.map((f) => (
              <option key={f || 'all'} value={f}>
                {f === '' ? t('movements.list.allTypes') : f === 'S-MAN' ? t('movements.list.manualUnload') : t(`movements.types.${f}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${ids}-code`}>{t('movements.list.productCodeFilter')}</label>
          <input
            id={`${ids}-code`}
            type="search"
            value={code}
            placeholder={t('movements.list.productCodePlaceholder')}
            onChange={(e) => setCode(e.target.value)}
            autoComplete="off"
            spellCheck={false}
            data-testid="filter-code"
          />
        </div>
        <div className="field">
          <label htmlFor={`${ids}-from`}>{t('movements.list.dateFrom')}</label>
          <input
            id={`${ids}-from`}
            type="date"
            value={query.dateFrom}
            max={query.dateTo || undefined}
            onChange={(e) => update({ dateFrom: e.target.value })}
            data-testid="filter-from"
          />
        </div>
        <div className="field">
          <label htmlFor={`${ids}-to`}>{t('movements.list.dateTo')}</label>
          <input
            id={`${ids}-to`}
            type="date"
            value={query.dateTo}
            min={query.dateFrom || undefined}
            onChange={(e) => update({ dateTo: e.target.value })}
            data-testid="filter-to"
          />
        </div>
        <div className="movement-filters-actions">
          <button
            type="button"
            className="btn"
            disabled={!filtered}
            onClick={() => {
              setCode('');
              update({ type: '', productCode: '', dateFrom: '', dateTo: '' });
            }}
            data-testid="filter-reset"
          >
            {t('movements.list.resetFilters')}
          </button>
        </div>
      </form>

      {load.state === 'loading' ? <Spinner /> : null}
      {load.state === 'failed' ? (
        <ErrorState message={t('movements.feedback.fetchFailed')} onRetry={reload} testId="movements-error" />
      ) : null}
      {load.state === 'ready' ? (
        <div aria-busy={load.busy || undefined} className={load.busy ? 'movements-table is-busy' : 'movements-table'}>
          <DataTable
            columns={columns}
            rows={load.rows}
            rowKey={(m) => m.id}
            caption={t('movements.list.caption')}
            emptyText={t('movements.list.empty')}
            manual
            sort={sort}
            onSortChange={(s) => update({ sort: SORT_OF_COLUMN[s.column], order: s.direction }, { keepPage: false })}
            pageSize={query.pageSize}
            page={query.page}
            onPageChange={(page) => update({ page }, { keepPage: true })}
            totalRows={load.total}
            testId="movements-table"
          />
        </div>
      ) : null}
      {dialog}
    </section>
  );
}
