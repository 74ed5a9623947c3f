import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from '@wms/shared-ui/router';
import { apiError } from '@wms/shared-api/core';
import {
  PRICE_DECIMALS,
  REVIEW_FILTERS,
  type InventoryCountLineView,
  type InventoryCountView,
  type InventoryProblem,
  type ReviewFilter,
  type UncountedChoice,
} from '@wms/shared-api';
import {
  DataTable,
  failureText,
  formatAmount,
  formatCount,
  formatQuantity,
  Loaded,
  NumberField,
  PageHeader,
  SelectField,
  toastError,
  toastSuccess,
  useConfirm,
  useIdempotencyKey,
  useRowActions,
  useDocumentTitle,
  useLoad,
  type Column,
} from '@wms/shared-ui';
import { NS } from '../paths';
import { applyCount, cancelCount, fetchReview } from './api';
import { countingUrl, INVENTORY_URL, sheetUrl } from './paths';
import { snapshotText, StatusBadge, useScopeText } from './status';
import './inventory.css';

const PAGE_SIZE = 100;

interface Query {
  filter: ReviewFilter;
  minValue: string;
  page: number;
  attempt: number;
}

/**
 * /report/inventario/{id}/revisione (reviewers): per line book at the snapshot, counted, difference, moved since and the
 * difference's value; filters (differences only, uncounted, by value) and pages, read from the server; totals per currency
 * over the whole count; Apply (exactly once: one Idempotency-Key per confirmed click) or cancel. A refused apply lists
 * every line to fix.
 */
export function ReviewPage() {
  const { t } = useTranslation(NS);
  const { id } = useParams();
  const [query, setQuery] = useState<Query>({ filter: 'all', minValue: '', page: 1, attempt: 0 });
  const load = useLoad(
    (signal) =>
      fetchReview(
        id ?? '',
        { filter: query.filter, min_value: query.minValue, limit: PAGE_SIZE, offset: (query.page - 1) * PAGE_SIZE },
        signal,
      ),
    [id, query],
  );
  // The last answer stays on screen while the next page or filter loads (the filters keep their focus).
  const [shown, setShown] = useState<InventoryCountView | null>(null);
  useEffect(() => {
    if (load.status === 'ready') setShown(load.value);
  }, [load]);
  useDocumentTitle(t('inventory.review.title', { id }));
  const update = useCallback((change: Partial<Query>) => setQuery((q) => ({ ...q, page: 1, ...change })), []);
  return (
    <section className="screen reports-screen inventory-review" data-testid="review-page">
      {shown && load.status !== 'failed' ? (
        <Review view={shown} query={query} loading={load.status === 'loading'} update={update} />
      ) : (
        <Loaded
          load={load}
          failedText={() => t('inventory.loadError')}
          notFound={{ backTo: INVENTORY_URL, title: t('inventory.notFound') }}
        >
          {() => null}
        </Loaded>
      )}
    </section>
  );
}

function Review({
  view,
  query,
  loading,
  update,
}: {
  view: InventoryCountView;
  query: Query;
  loading: boolean;
  update: (change: Partial<Query>) => void;
}) {
  const { t } = useTranslation(NS);
  const scopeText = useScopeText();
  const { confirm, dialog } = useConfirm();
  const [minValue, setMinValue] = useState(query.minValue);
  const [uncounted, setUncounted] = useState<UncountedChoice>('unchanged');
  const [problems, setProblems] = useState<InventoryProblem[]>([]);
  const [busy, setBusy] = useState(false);
  const applyKey = useIdempotencyKey();
  const open = view.status === 'open';
  const reload = () => update({ attempt: query.attempt + 1, page: query.page });
  const { act, busyId, dialog: cancelDialog } = useRowActions(reload);

  // Not the kit's row action on purpose: one Idempotency-Key kept across a retried Apply, and a refusal's problem list
  // shown on the page (every line at once), not only a toast.
  // eslint-disable-next-line kit/no-hand-written-row-action
  const apply = async () => {
    const ok = await confirm({
      title: t('inventory.review.confirmTitle'),
      message: t('inventory.review.confirmMessage'),
      confirmLabel: t('inventory.actions.apply'),
      tone: 'primary',
    });
    if (!ok) return;
    // One key per Apply until it went through: a retry (a timeout) replays instead of posting twice.
    setBusy(true);
    setProblems([]);
    try {
      const { posted } = await applyCount(view.id, uncounted, applyKey.key());
      applyKey.done();
      toastSuccess(t('inventory.review.applied', { count: posted }));
      reload();
    } catch (err) {
      const body = apiError(err) as { problems?: InventoryProblem[] } | null;
      if (body?.problems) {
        setProblems(body.problems);
      }
      toastError(failureText(err, `${NS}:inventory.review.applyError`));
    } finally {
      setBusy(false);
    }
  };

  // Cancelling the count: ask, call, toast, reload — the kit's one way (useRowActions), the count being the row.
  const cancel = () =>
    act(view.id, {
      ask: {
        title: t('inventory.review.cancelTitle'),
        message: t('inventory.review.cancelMessage'),
        confirmLabel: t('inventory.actions.cancel'),
        tone: 'danger',
      },
      run: async () => {
        await cancelCount(view.id);
        return t('inventory.review.cancelled');
      },
      failure: (err) => failureText(err, `${NS}:inventory.review.cancelError`),
    });

  return (
    <>
      <PageHeader
        title={t('inventory.review.title', { id: view.id })}
        subtitle={`${view.warehouse_name} · ${scopeText(view)} · ${snapshotText(view)}`}
        actions={
          <>
            {open ? (
              <Link className="btn btn-secondary" to={countingUrl(view.id)}>
                {t('inventory.actions.count')}
              </Link>
            ) : null}
            <Link className="btn btn-secondary" to={sheetUrl(view.id)}>
              {t('inventory.actions.sheet')}
            </Link>
            <Link className="btn btn-secondary" to={INVENTORY_URL}>
              {t('inventory.actions.back')}
            </Link>
          </>
        }
      />
      <Totals view={view} />
      <div className="inventory-filters" role="search" aria-label={t('inventory.review.filters')}>
        <SelectField
          name="filter"
          label={t('inventory.review.filters')}
          value={query.filter}
          onChange={(v) => update({ filter: REVIEW_FILTERS.find((f) => f === v) ?? 'all' })}
          options={REVIEW_FILTERS.map((f) => ({ value: f, label: t(`inventory.review.${f}`) }))}
          data-testid="review-filter"
        />
        <NumberField
          name="min_value"
          label={t('inventory.review.minValue')}
          decimals={PRICE_DECIMALS}
          value={minValue}
          onChange={(v) => {
            setMinValue(v);
            update({ minValue: v });
          }}
          data-testid="review-min-value"
        />
      </div>
      <p className="list-count" aria-live="polite" data-testid="review-shown">
        {t('inventory.review.shown', {
          count: view.matching_lines,
          shown: formatCount(view.matching_lines),
          total: formatCount(view.line_count),
        })}
      </p>
      <div aria-busy={loading || undefined} className={loading ? 'list-table is-busy' : 'list-table'}>
        <ReviewTable rows={view.lines} page={query.page} total={view.matching_lines} onPage={(page) => update({ page })} />
      </div>
      {problems.length > 0 ? (
        <div className="inventory-problems" role="alert" data-testid="apply-problems">
          <h2>{t('inventory.review.problemsTitle')}</h2>
          <ul>
            {problems.map((p) => (
              <li key={`${p.product_id}-${p.batch_number}`}>
                <strong className="code">{p.product_code}</strong>
                {p.batch_number ? ` · ${p.batch_number}` : ''}: {p.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {open ? (
        <div className="inventory-apply">
          <SelectField
            name="uncounted"
            label={`${t('inventory.review.uncountedChoice')} (${formatCount(view.uncounted_count)})`}
            value={uncounted}
            onChange={(v) => setUncounted(v === 'zero' ? 'zero' : 'unchanged')}
            options={[
              { value: 'unchanged', label: t('inventory.review.uncountedUnchanged') },
              { value: 'zero', label: t('inventory.review.uncountedZero') },
            ]}
            data-testid="review-uncounted"
          />
          <div className="form-actions">
            <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void apply()} data-testid="review-apply">
              {t('inventory.actions.apply')}
            </button>
            <button
              type="button"
              className="btn btn-secondary"
              disabled={busy || busyId !== null}
              onClick={() => void cancel()}
              data-testid="review-cancel"
            >
              {t('inventory.actions.cancel')}
            </button>
          </div>
        </div>
      ) : null}
      {dialog}
      {cancelDialog}
    </>
  );
}

function Totals({ view }: { view: InventoryCountView }) {
  const { t } = useTranslation(NS);
  return (
    <div className="inventory-totals" data-testid="review-totals">
      <p>
        <StatusBadge status={view.status} /> {t('inventory.review.uncountedCount', { count: view.uncounted_count })}
      </p>
      {view.totals.length > 0 ? (
        <table className="data-table inventory-totals-table">
          <caption>{t('inventory.review.totals')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('inventory.review.currency')}</th>
              <th scope="col">{t('inventory.review.gains')}</th>
              <th scope="col">{t('inventory.review.losses')}</th>
              <th scope="col">{t('inventory.review.net')}</th>
            </tr>
          </thead>
          <tbody>
            {view.totals.map((r) => (
              <tr key={r.currency}>
                <th scope="row">{r.currency}</th>
                <td className="num">{formatAmount(r.gains, r.currency)}</td>
                <td className="num">{formatAmount(r.losses, r.currency)}</td>
                <td className="num">{formatAmount(r.net, r.currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {view.unpriced_count > 0 ? <p>{t('inventory.review.unpriced', { count: view.unpriced_count })}</p> : null}
    </div>
  );
}

function ReviewTable({
  rows,
  page,
  total,
  onPage,
}: {
  rows: InventoryCountLineView[];
  page: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation(NS);
  const columns = useMemo<Column<InventoryCountLineView>[]>(
    () => [
      // The server orders the pages by product code and batch: no sort headers that would only reorder one page.
      { id: 'product_code', header: t('inventory.fields.code'), value: (l) => l.product_code, sortable: false },
      {
        id: 'product',
        header: t('inventory.fields.product'),
        value: (l) => l.product_name,
        priority: 'low',
        truncate: 24,
        sortable: false,
      },
      { id: 'batch_number', header: t('inventory.fields.batch'), value: (l) => l.batch_number, sortable: false },
      { id: 'book', header: t('inventory.fields.book'), align: 'end', render: (l) => formatQuantity(l.book_quantity, l.unit_of_measure) },
      {
        id: 'counted',
        header: t('inventory.fields.counted'),
        align: 'end',
        render: (l) => (l.counted_quantity === null ? '—' : formatQuantity(l.counted_quantity, l.unit_of_measure)),
      },
      {
        id: 'difference',
        header: t('inventory.fields.difference'),
        align: 'end',
        render: (l) => (l.difference === null ? '—' : formatQuantity(l.difference, l.unit_of_measure)),
      },
      {
        id: 'moved',
        header: t('inventory.fields.movedSince'),
        align: 'end',
        priority: 'medium',
        render: (l) => formatQuantity(l.moved_since, l.unit_of_measure),
      },
      {
        id: 'value',
        header: t('inventory.fields.value'),
        align: 'end',
        render: (l) => (l.difference_value === null ? '—' : formatAmount(l.difference_value, l.currency ?? undefined)),
      },
    ],
    [t],
  );
  return (
    <DataTable<InventoryCountLineView>
      columns={columns}
      rows={rows}
      rowKey={(l) => l.line_id}
      caption={t('inventory.review.caption')}
      manual
      page={page}
      pageSize={PAGE_SIZE}
      totalRows={total}
      onPageChange={onPage}
      rowTestId={(l) => `review-line-${l.product_code}${l.batch_number ? `-${l.batch_number}` : ''}`}
      testId="review-table"
    />
  );
}
