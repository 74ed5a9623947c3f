import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from '@wms/shared-ui/router';
import { MOVEMENT_SORTS } from '@wms/shared-api';
import {
  Badge,
  DateField,
  FilterBar,
  PageHeader,
  PagedTable,
  quantityColumn,
  RowActions,
  ScanInput,
  SelectField,
  TextField,
  Truncate,
  formatCount,
  formatDate,
  formatQuantity,
  usePagedList,
  useRowActions,
  useSession,
  withReason,
  type Column,
} from '@wms/shared-ui';
import { NS } from '../paths';
import { deleteMovement, MOVEMENTS_PATH, TYPE_FILTERS, type MovementView } from './api';
import { documentUrl, LIST_PATH } from './paths';
import './movements.css';

const FILTERS = ['type', 'date_from', 'date_to'] as const;
const TYPE_TONES = { C: 'success', S: 'danger', T: 'warning' } as const;

/**
 * A movement's type in words (SPEC §4): the catalogue's words for its type and source where it has them (an unload made
 * by a sale reads "Sale", a goods receipt's load "Goods receipt", a transfer's legs and shortfall, a count's adjustments),
 * else its type's (C load, S unload, T transfer) — i18next takes the first key it knows.
 */
export function typeKeys(m: Pick<MovementView, 'movement_type' | 'source_type'>): string[] {
  return [`movements.types.${m.movement_type}-${m.source_type}`, `movements.types.${m.movement_type}`];
}

/**
 * /operazioni/movimenti (SPEC §2 Stock movements): live movements, newest first, one server page at a time (the kit's 25
 * rows: the ledger can hold a million), filtered by type, product code (debounced) and date range, sorted by date, type,
 * product code, quantity, source and destination warehouse — all of it in the URL. A failed load shows fetchFailed in
 * place of the table. Manual movements can be edited; deleting asks first, and the server appends a reversal.
 */
export function MovementListPage() {
  const { t } = useTranslation(NS);
  const listSearch = useLocation().search;
  const { user } = useSession();
  const list = usePagedList<MovementView>(MOVEMENTS_PATH, {
    defaultSort: 'date',
    defaultOrder: 'desc',
    sorts: MOVEMENT_SORTS,
    filters: FILTERS,
    searchParam: 'product_code',
  });
  const { act, busyId, dialog } = useRowActions(list.reload);

  const remove = useCallback(
    (m: MovementView) =>
      act(m.id, {
        ask: {
          title: t('movements.list.confirmTitle'),
          message: t('movements.list.confirmMessage', {
            type: t(typeKeys(m)).toLocaleLowerCase(),
            quantity: formatQuantity(m.quantity, m.unit_of_measure),
            code: m.product_code,
            date: m.movement_date,
          }),
          confirmLabel: t('movements.list.confirmOk'),
          tone: 'danger',
        },
        run: async () => {
          await deleteMovement(m.id, user?.username ?? null);
          return t('movements.feedback.deleted');
        },
        failure: (err) => withReason(t('movements.feedback.deleteError'), err),
      }),
    [act, t, user?.username],
  );

  const columns = useMemo<Column<MovementView>[]>(() => {
    const header = (id: string) => t(`movements.list.columns.${id}`);
    // Texts are cut at 20 characters by the table (the full text on hover); the server sorts every column with a value.
    return [
      { id: 'date', header: header('date'), value: (m) => formatDate(m.movement_date) },
      {
        id: 'type',
        header: header('type'),
        sortable: true,
        render: (m) => (
          <span data-testid={`movement-type-${m.id}`}>
            <Badge tone={m.source_type === 'SO' ? 'neutral' : TYPE_TONES[m.movement_type]}>{t(typeKeys(m))}</Badge>
          </span>
        ),
      },
      {
        id: 'product_code',
        header: header('productCode'),
        sortable: true,
        render: (m) => (
          <span title={m.product_name ?? undefined}>
            <Truncate text={m.product_code} max={20} />
          </span>
        ),
        note: { label: header('notes'), value: (m) => m.notes },
      },
      quantityColumn(
        'quantity',
        header('quantity'),
        (m) => m.quantity,
        (m) => m.unit_of_measure,
        {
          testId: (m) => `movement-quantity-${m.id}`,
        },
      ),
      { id: 'batch', header: header('batch'), value: (m) => m.batch_number, sortable: false, priority: 'medium' },
      // Narrow screens keep date, type, product, quantity and the actions in view (issue 22): the destination gives way on a
      // landscape tablet, the warehouse and the batch on a portrait one; the movement's page shows them all.
      { id: 'warehouse', header: header('warehouse'), value: (m) => m.warehouse_name, priority: 'medium' },
      { id: 'destination_warehouse', header: header('destination'), value: (m) => m.destination_warehouse, priority: 'low' },
      {
        id: 'actions',
        header: header('actions'),
        render: (m) => {
          const names = { code: m.product_code, date: m.movement_date };
          if (m.source_type !== 'MAN') {
            // The number is never cut at its hyphen ("PO-" / "2026-00002"); the words before it may wrap. It opens the
            // document (where the role may): the movement is changed there, and its warehouses and batches read on any screen.
            const url = documentUrl(m.source_document, user?.role);
            const number = <span className="nowrap">{m.source_document.number ?? m.source_document.type}</span>;
            return (
              <span className="muted" title={t('movements.list.fromDocument')} data-testid={`movement-document-${m.id}`}>
                {t('movements.list.documentLabel')} {url ? <Link to={url}>{number}</Link> : number}
              </span>
            );
          }
          return (
            <RowActions
              edit={{
                to: `${LIST_PATH}/${encodeURIComponent(m.id)}`,
                state: { listSearch },
                label: t('movements.list.editMovement', names),
                testId: `edit-movement-${m.id}`,
              }}
              remove={{
                onClick: () => void remove(m),
                disabled: busyId !== null,
                label: t('movements.list.deleteMovement', names),
                testId: `delete-movement-${m.id}`,
              }}
            />
          );
        },
      },
    ];
  }, [t, listSearch, busyId, remove, user?.role]);

  return (
    <section className="screen movements-screen" data-testid="movements-page">
      <PageHeader
        title={t('movements.title')}
        subtitle={t('movements.subtitle')}
        actions={
          <Link to={`${LIST_PATH}/nuovo`} state={{ listSearch }} className="btn btn-primary" data-testid="add-movement">
            {t('movements.list.add')}
          </Link>
        }
      />
      <FilterBar list={list} label={t('movements.list.filters')} resetLabel={t('movements.list.resetFilters')} resetTestId="filter-reset">
        <SelectField
          {...list.filterField('type')}
          label={t('movements.list.typeFilter')}
          options={TYPE_FILTERS.filter(Boolean).map((f) => ({
            value: f,
            label: f === 'S-MAN' ? t('movements.list.manualUnload') : t(`movements.types.${f}`),
          }))}
          placeholder={t('movements.list.allTypes')}
          data-testid="filter-type"
        />
        <TextField
          {...list.searchField()}
          label={t('movements.list.productCodeFilter')}
          placeholder={t('movements.list.productCodePlaceholder')}
          autoComplete="off"
          data-testid="filter-code"
        />
        <DateField {...list.filterField('date_from')} label={t('movements.list.dateFrom')} data-testid="filter-from" />
        <DateField {...list.filterField('date_to')} label={t('movements.list.dateTo')} data-testid="filter-to" />
      </FilterBar>
      {/* A scanned code or label filters on its product (issue 27), as the product list and the stock levels do. */}
      <ScanInput onScan={(found) => list.setSearch(found.product.code)} data-testid="movements-scan" />
      <PagedTable
        list={list}
        failedText={t('movements.feedback.fetchFailed')}
        count={t('movements.list.total', { count: list.total, total: formatCount(list.total) })}
        errorTestId="movements-error"
        columns={columns}
        rowKey={(m) => m.id}
        caption={t('movements.list.caption')}
        truncate={20}
        emptyText={t('movements.list.empty')}
        testId="movements-table"
      />
      {dialog}
    </section>
  );
}
