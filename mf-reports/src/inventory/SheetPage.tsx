import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from '@wms/shared-ui/router';
import { apiError, can } from '@wms/shared-api/core';
import type { InventoryCountingView, InventoryCountView } from '@wms/shared-api';
import {
  CheckboxField,
  displayDay,
  failureText,
  formatQuantity,
  Loaded,
  PageHeader,
  saveFile,
  today,
  toastError,
  toastSuccess,
  useDocumentTitle,
  useLoad,
  useSession,
} from '@wms/shared-ui';
import { NS } from '../paths';
import { fetchCounting, fetchWholeReview, findProductByCode, saveLines } from './api';
import { countsToSave, sheetCsv, type ImportProblem, type SheetRow } from './csv';
import { INVENTORY_URL, reviewUrl } from './paths';
import { snapshotText } from './status';
import './inventory.css';

type SheetLoad = { view: InventoryCountingView | InventoryCountView; withBook: boolean };

/**
 * /report/inventario/{id}/foglio: the printable count sheet (A4, by product code, a line to write on; the book quantity
 * only for reviewers who ask for it), its CSV, and the import of counted quantities from CSV — every bad row reported at
 * once (each row with all its reasons) and nothing saved until all rows are good (one request, one transaction).
 */
export function SheetPage() {
  const { t } = useTranslation(NS);
  const { id } = useParams();
  const { user } = useSession();
  const reviewer = can(user?.role, 'inventoryReview');
  const [withBook, setWithBook] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const load = useLoad<SheetLoad>(
    async () => (withBook ? { view: await fetchWholeReview(id ?? ''), withBook } : { view: await fetchCounting(id ?? ''), withBook }),
    [id, withBook, attempt],
  );
  useDocumentTitle(t('inventory.sheet.title', { id }));
  return (
    <section className="screen reports-screen inventory-sheet" data-testid="sheet-page">
      <Loaded load={load} failedText={() => t('inventory.loadError')} notFound={{ backTo: INVENTORY_URL, title: t('inventory.notFound') }}>
        {({ view, withBook: book }) => (
          <Sheet view={view} withBook={book} reviewer={reviewer} setWithBook={setWithBook} reload={() => setAttempt((n) => n + 1)} />
        )}
      </Loaded>
    </section>
  );
}

function rowsOf(view: InventoryCountingView | InventoryCountView): SheetRow[] {
  return view.lines.map((l) => ({
    code: l.product_code,
    name: l.product_name,
    batch: l.batch_number,
    expiry: l.expiry_date,
    book: 'book_quantity' in l ? l.book_quantity : null,
    counted: l.counted_quantity,
  }));
}

function Sheet({
  view,
  withBook,
  reviewer,
  setWithBook,
  reload,
}: {
  view: InventoryCountingView | InventoryCountView;
  withBook: boolean;
  reviewer: boolean;
  setWithBook: (v: boolean) => void;
  reload: () => void;
}) {
  const { t } = useTranslation(NS);
  const rows = rowsOf(view);
  const [problems, setProblems] = useState<ImportProblem[]>([]);
  const [busy, setBusy] = useState(false);

  const importFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setBusy(true);
    setProblems([]);
    try {
      const { lines, rows: fileRows, problems: found } = await countsToSave(await file.text(), view.lines, findProductByCode);
      if (found.length > 0) {
        setProblems(found);
        toastError(t('inventory.sheet.importErrors'));
        return;
      }
      if (lines.length === 0) return;
      await saveLines(view.id, lines).catch((err: unknown) => {
        // The server's refusals name `lines.N.field`: shown as the file's rows.
        const fields = apiError(err)?.fields ?? {};
        const rowsWithProblems = Object.entries(fields).map(([path, message]) => ({
          row: fileRows[parseInt(path.split('.')[1] ?? '0', 10)] ?? 0,
          reason: 'server' as const,
          message,
        }));
        if (rowsWithProblems.length > 0) setProblems(rowsWithProblems.sort((a, b) => a.row - b.row));
        throw err;
      });
      toastSuccess(t('inventory.sheet.imported', { count: lines.length }));
      reload();
    } catch (err) {
      toastError(failureText(err, `${NS}:inventory.sheet.importError`));
    } finally {
      setBusy(false);
    }
  };

  const reasonText = ({ reason, message, dates, ...p }: ImportProblem) =>
    reason === 'server' ? (message ?? '') : t(`inventory.sheet.${reason}`, { ...p, dates: dates && t(`inventory.sheet.dates.${dates}`) });
  // One item per row, with every reason of the row (problems come sorted by row).
  const byRow = new Map<number, string[]>();
  for (const p of problems) byRow.set(p.row, [...(byRow.get(p.row) ?? []), reasonText(p)]);

  return (
    <>
      <PageHeader
        title={t('inventory.sheet.title', { id: view.id })}
        subtitle={`${view.warehouse_name} · ${snapshotText(view)}`}
        actions={
          <span className="no-print inventory-sheet-actions">
            <button type="button" className="btn btn-primary" onClick={() => window.print()} data-testid="sheet-print">
              {t('inventory.actions.print')}
            </button>
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() =>
                void sheetCsv(rows, withBook).then(
                  (csv) => saveFile(`inventario-${view.id}.csv`, new Blob([csv], { type: 'text/csv;charset=utf-8' })),
                  () => toastError(t('inventory.sheet.exportError')),
                )
              }
              data-testid="sheet-csv"
            >
              {t('inventory.actions.exportCsv')}
            </button>
            <Link className="btn btn-secondary" to={reviewer ? reviewUrl(view.id) : INVENTORY_URL}>
              {t('inventory.actions.back')}
            </Link>
          </span>
        }
      />
      {reviewer ? (
        <div className="no-print">
          <CheckboxField
            name="with_book"
            label={t('inventory.sheet.withBook')}
            value={withBook}
            onChange={(v) => setWithBook(v === true)}
            data-testid="sheet-with-book"
          />
        </div>
      ) : null}
      {view.status === 'open' ? (
        <div className="no-print inventory-import">
          <h2 className="inventory-subtitle">{t('inventory.sheet.importTitle')}</h2>
          <p className="inventory-note">{t('inventory.sheet.importHint')}</p>
          <label className="btn btn-secondary inventory-file">
            {t('inventory.sheet.importFile')}
            <input type="file" accept=".csv,text/csv" onChange={(e) => void importFile(e)} disabled={busy} data-testid="sheet-import" />
          </label>
          {problems.length > 0 ? (
            <div className="inventory-problems" role="alert" data-testid="import-problems">
              <ul>
                {[...byRow].map(([row, reasons]) => (
                  <li key={row}>{t('inventory.sheet.rowError', { row, reason: reasons.join('; ') })}</li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
      ) : null}
      <table className="data-table inventory-sheet-table" data-testid="sheet-table">
        <caption>{t('inventory.sheet.printed', { day: displayDay(today()) })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('inventory.fields.code')}</th>
            <th scope="col">{t('inventory.fields.product')}</th>
            <th scope="col">{t('inventory.fields.batch')}</th>
            <th scope="col">{t('inventory.fields.expiry')}</th>
            {withBook ? <th scope="col">{t('inventory.fields.book')}</th> : null}
            <th scope="col">{t('inventory.fields.writeHere')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.code}\u0000${r.batch}`}>
              <td className="code nowrap">{r.code}</td>
              <td>{r.name}</td>
              <td className="code nowrap">{r.batch}</td>
              <td className="nowrap">{r.expiry ? displayDay(r.expiry) : ''}</td>
              {withBook ? <td className="num">{r.book === null ? '' : formatQuantity(r.book)}</td> : null}
              <td className="inventory-write">{r.counted === null ? '' : formatQuantity(r.counted)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
