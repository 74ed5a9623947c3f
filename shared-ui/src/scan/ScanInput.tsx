import { lazy, Suspense, useEffect, useId, useRef, useState, type ClipboardEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cleanScan, GS } from '@wms/shared-api/core';
import type { BarcodeLookup } from '@wms/shared-api';
import { displayDay } from '../forms/day';
import { formatKind } from '../format/number';
import { serverErrorText } from '../errors/server-error-text';
import { lookupScan } from './lookup';
import { isGsKey, WedgeBurst } from './wedge';

export { lookupScan };

// The camera and its decoder (@zxing) are a chunk of their own, fetched on the first press of the camera button.
const CameraScanner = lazy(() => import('./CameraScanner'));

/** What the screen does with a resolved scan; a returned text refuses it (shown as the reason, the form untouched). */
export type ScanHandler = (found: BarcodeLookup) => void | string | Promise<void | string>;

export interface ScanInputProps {
  onScan: ScanHandler;
  label?: ReactNode;
  disabled?: boolean;
  /** Offer the camera button (default: yes). */
  camera?: boolean;
  /** Take the focus when shown (a dialog whose first job is a scan). */
  takeFocus?: boolean;
  'data-testid'?: string;
}

type Status = { kind: 'idle' } | { kind: 'reading' } | { kind: 'ok' | 'error'; text: string; n: number };

/** "P-1 · lotto L1 · scadenza 31/03/2027": what a scan filled, for the confirmation. */
function summary(found: BarcodeLookup, t: (k: string, o?: Record<string, unknown>) => string): string {
  const parts = [`${found.product.code} — ${found.product.description}`];
  if (found.batch_number) parts.push(t('scan.batch', { batch: found.batch_number }));
  if (found.expiry_date) parts.push(t('scan.expiry', { date: displayDay(found.expiry_date) }));
  if (found.production_date) parts.push(t('scan.production', { date: displayDay(found.production_date) }));
  if (found.quantity) parts.push(t('scan.quantity', { quantity: formatKind(found.quantity, 'quantity') }));
  return parts.join(' · ');
}

/**
 * The one scan box (issue 27). A keyboard-wedge scan (a burst of keys ending in Enter, Tab or CR/LF), a paste, or Enter
 * after typing a code by hand is resolved through GET /barcodes/{code} — product code, GTIN, extra barcode or a whole
 * GS1 string (FNC1 as ASCII 29, Ctrl+] or U+241D) — and handed to `onScan`, which fills its form. A read shows a green
 * confirmation of what it carried; an unknown code, or a refusal by the screen, shows the reason in the user's language
 * and the form is left as it was. The camera button decodes 1D and GS1 codes with the device's camera (lazy chunk).
 */
export function ScanInput({
  onScan,
  label,
  disabled,
  camera = true,
  takeFocus = false,
  'data-testid': testId = 'scan-input',
}: ScanInputProps) {
  const { t } = useTranslation('common');
  const id = useId();
  const [text, setText] = useState('');
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [cameraOpen, setCameraOpen] = useState(false);
  const burst = useRef(new WedgeBurst());
  const seq = useRef(0);
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (takeFocus) inputRef.current?.focus();
  }, [takeFocus]);
  // After the camera's dialog has gone (its own clean-up gives the focus back to the camera button first), the box takes
  // the focus: the next scan goes there. A focus() while the modal dialog is still open would be refused (inert page).
  const [cameraClosed, setCameraClosed] = useState(0);
  useEffect(() => {
    if (cameraClosed > 0) inputRef.current?.focus();
  }, [cameraClosed]);
  const closeCamera = () => {
    setCameraOpen(false);
    setCameraClosed((n) => n + 1);
  };

  async function submit(raw: string) {
    const code = cleanScan(raw);
    setText('');
    burst.current.reset();
    if (!code || code === GS) return;
    const n = ++seq.current;
    setStatus({ kind: 'reading' });
    try {
      const found = await lookupScan(code);
      if (n !== seq.current) return;
      const refusal = await onScan(found);
      if (n !== seq.current) return;
      setStatus(refusal ? { kind: 'error', text: refusal, n } : { kind: 'ok', text: t('scan.read', { what: summary(found, t) }), n });
    } catch (err) {
      if (n === seq.current) setStatus({ kind: 'error', text: serverErrorText(err) ?? t('scan.failed'), n });
    }
  }

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const now = e.timeStamp || performance.now();
    if (e.key === 'Enter') {
      e.preventDefault();
      void submit(text);
    } else if (e.key === 'Tab' && burst.current.isScan(now)) {
      // A scanner configured to end with Tab: the code is complete, the focus stays.
      e.preventDefault();
      void submit(text);
    } else if (isGsKey(e)) {
      // Keep it as the GS1 separator.
      e.preventDefault();
      setText((v) => v + GS);
      burst.current.key(now);
    } else if (e.key.length === 1) {
      burst.current.key(now);
    }
  };

  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    const pasted = e.clipboardData.getData('text');
    if (!pasted) return;
    e.preventDefault();
    void submit(text + pasted);
  };

  const statusId = `${id}-status`;
  return (
    <div className="scan-input" data-testid={testId}>
      <label className="scan-input-label" htmlFor={id}>
        {label ?? t('scan.label')}
      </label>
      <div className="scan-input-row">
        <input
          ref={inputRef}
          id={id}
          className={`scan-input-box${status.kind === 'ok' ? ' scan-input-ok' : status.kind === 'error' ? ' scan-input-error' : ''}`}
          type="text"
          inputMode="text"
          autoComplete="off"
          spellCheck={false}
          placeholder={t('scan.placeholder')}
          value={text}
          disabled={disabled}
          aria-describedby={statusId}
          aria-invalid={status.kind === 'error' || undefined}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          data-testid={`${testId}-box`}
        />
        {camera ? (
          <button
            type="button"
            className="btn btn-secondary scan-camera-button"
            onClick={() => setCameraOpen(true)}
            disabled={disabled}
            aria-label={t('scan.camera')}
            title={t('scan.camera')}
            data-testid={`${testId}-camera`}
          >
            {/* A camera, drawn (an emoji needs a font the device may lack). */}
            <svg
              aria-hidden="true"
              focusable="false"
              width="20"
              height="20"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M4 8h3l2-3h6l2 3h3a1 1 0 0 1 1 1v9a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1z" />
              <circle cx="12" cy="13" r="3.5" />
            </svg>
          </button>
        ) : null}
      </div>
      <p
        id={statusId}
        key={status.kind === 'ok' || status.kind === 'error' ? status.n : 0}
        className={`scan-status scan-status-${status.kind}`}
        role={status.kind === 'error' ? 'alert' : 'status'}
        data-testid={`${testId}-status`}
      >
        {status.kind === 'reading' ? t('scan.reading') : status.kind === 'idle' ? '' : status.text}
      </p>
      {cameraOpen ? (
        <Suspense fallback={null}>
          <CameraScanner
            onDecoded={(code) => {
              closeCamera();
              void submit(code);
            }}
            onClose={closeCamera}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
