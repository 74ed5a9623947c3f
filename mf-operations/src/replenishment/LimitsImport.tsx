import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, isApiError, type StockLimitsImportResult } from '@wms/shared-api';
import { failureText, toastError, toastSuccess } from '@wms/shared-ui';
import { NS } from '../paths';

/** The file's text (UTF-8), by FileReader: every browser and jsdom have it. */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file, 'utf-8');
  });
}

/**
 * Min / max for many products at once (issue 28): a CSV file `code;warehouse;min;max` sent as text to POST
 * /stock-limits/import. The server checks every row and writes nothing unless all are good; every refused row is listed
 * here with its line number and reasons.
 */
export function LimitsImport({ onImported }: { onImported: () => void }) {
  const { t } = useTranslation(NS);
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<Array<[string, string]>>([]);
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setProblems([]);
    try {
      const { data } = await api.post<StockLimitsImportResult>('/stock-limits/import', { csv: await readText(file) });
      toastSuccess(t('replenishment.import.done', { count: data.imported, products: data.products }));
      onImported();
    } catch (err) {
      const fields = isApiError(err) ? (err.response?.data as { fields?: Record<string, string> } | undefined)?.fields : undefined;
      if (fields) setProblems(Object.entries(fields));
      toastError(failureText(err, `${NS}:replenishment.import.failed`));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="limits-import">
      <label htmlFor={id} className="btn">
        {t('replenishment.import.label')}
      </label>
      <input
        id={id}
        className="sr-only"
        type="file"
        accept=".csv,text/csv"
        disabled={busy}
        data-testid="limits-import"
        onChange={(e) => {
          void upload(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      <span className="field-hint">{t('replenishment.import.hint')}</span>
      {problems.length ? (
        <div role="alert" className="limits-import-problems" data-testid="limits-import-problems">
          <p>{t('replenishment.import.problems')}</p>
          <ul>
            {problems.map(([line, text]) => (
              <li key={line}>
                {t('labelled', { label: line.replace(/^line /, t('replenishment.import.line')) })} {text}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
