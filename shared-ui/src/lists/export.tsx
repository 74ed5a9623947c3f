import { useState } from 'react';
import { api } from '@wms/shared-api/core';
import { failureText } from '../forms/failure-text';
import { toastError } from '../toasts/toasts';
import { cleanParams, type QueryParams } from './fetch-page';
import type { PagedList } from './usePagedList';

/** Hands `data` to the browser as a file called `name` (a CSV made on the page, or one the API wrote). */
export function saveFile(name: string, data: Blob): void {
  const url = URL.createObjectURL(data);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Downloads a file the API writes (a CSV export): the call carries the session, so it is fetched through the API client
 * and handed to the browser as a file, named as the server says (Content-Disposition), else `fallbackName`.
 */
export async function downloadFile(path: string, params: QueryParams, fallbackName: string): Promise<void> {
  const res = await api.get<Blob>(path, { params: cleanParams(params), responseType: 'blob' });
  const disposition = String(res.headers['content-disposition'] ?? '');
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  const plain = /filename="([^"]+)"/i.exec(disposition);
  saveFile(star ? decodeURIComponent(star[1]) : (plain?.[1] ?? fallbackName), res.data);
}

export interface ExportButtonProps {
  /** The list whose search and filters the export follows (what the user sees, every page of it). */
  list: Pick<PagedList<unknown>, 'filter'>;
  /** The export's path ('/purchase-orders/export.csv'). */
  path: string;
  /** The list's filter names sent along with the search `q` (the same as usePagedList's `filters`). */
  filters: readonly string[];
  fileName: string;
  label: string;
  /** i18n key of the failure when the server gives no reason ('ns:…exportFailed'), shown as a toast. */
  failureKey: string;
  testId?: string;
}

/** "Esporta CSV": downloads the filtered list; a failure is a toast (the list stays on screen), no second click meanwhile. */
export function ExportButton({ list, path, filters, fileName, label, failureKey, testId }: ExportButtonProps) {
  const [busy, setBusy] = useState(false);
  const run = async () => {
    const params: Record<string, string> = {};
    for (const f of ['q', ...filters]) if (list.filter(f)) params[f] = list.filter(f);
    setBusy(true);
    try {
      await downloadFile(path, params, fileName);
    } catch (err) {
      toastError(failureText(err, failureKey));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="btn" onClick={() => void run()} disabled={busy} data-testid={testId}>
      {label}
    </button>
  );
}
