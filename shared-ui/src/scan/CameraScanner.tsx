import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BrowserMultiFormatReader, type IScannerControls } from '@zxing/browser';
import { BarcodeFormat, DecodeHintType } from '@zxing/library';
import { GS } from '@wms/shared-api/core';
import { Dialog } from '../components/Dialog';
import { isGsKey, WEDGE_GAP_MS, WedgeBurst } from './wedge';

export interface CameraScannerProps {
  /** The decoded text, as a scanner would send it (GS1-128: ']C1' and ASCII 29 separators). */
  onDecoded: (text: string) => void;
  onClose: () => void;
}

/** 1D codes and the 2D codes GS1 uses; ASSUME_GS1 keeps FNC1 as ]C1 and ASCII 29, so the one GS1 parser reads it. */
function reader(): BrowserMultiFormatReader {
  const hints = new Map<DecodeHintType, unknown>();
  hints.set(DecodeHintType.POSSIBLE_FORMATS, [
    BarcodeFormat.CODE_128,
    BarcodeFormat.EAN_13,
    BarcodeFormat.EAN_8,
    BarcodeFormat.UPC_A,
    BarcodeFormat.UPC_E,
    BarcodeFormat.ITF,
    BarcodeFormat.CODE_39,
    BarcodeFormat.DATA_MATRIX,
    BarcodeFormat.QR_CODE,
  ]);
  hints.set(DecodeHintType.ASSUME_GS1, true);
  hints.set(DecodeHintType.TRY_HARDER, true);
  return new BrowserMultiFormatReader(hints, { delayBetweenScanAttempts: 150 });
}

/**
 * The camera dialog of the scan input (a lazy chunk: @zxing is fetched only when the camera button is pressed). It
 * decodes frames of the device's camera until one holds a code; where there is no camera or no permission it says so
 * and the scan box keeps working. Escape or Close gives the focus back to the scan box. A keyboard-wedge scanner fired
 * while it is open is read too (its closing Enter would otherwise press Close and the code be lost).
 */
export default function CameraScanner({ onDecoded, onClose }: CameraScannerProps) {
  const { t } = useTranslation('common');
  const video = useRef<HTMLVideoElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  const [unavailable, setUnavailable] = useState(false);
  const decoded = useRef(onDecoded);
  decoded.current = onDecoded;

  useWedgeScan(decoded);

  useEffect(() => {
    let controls: IScannerControls | null = null;
    let live = true;
    if (!navigator.mediaDevices?.getUserMedia || !video.current) {
      setUnavailable(true);
      return undefined;
    }
    reader()
      .decodeFromVideoDevice(undefined, video.current, (result, _err, c) => {
        if (result && live) {
          live = false;
          c.stop();
          decoded.current(result.getText());
        }
      })
      .then(
        (c) => {
          controls = c;
          if (!live) c.stop();
        },
        () => live && setUnavailable(true),
      );
    return () => {
      live = false;
      controls?.stop();
    };
  }, []);

  return (
    <Dialog
      title={t('scan.cameraTitle')}
      onClose={onClose}
      initialFocus={close}
      className="scan-camera"
      data-testid="scan-camera"
      actions={
        <button ref={close} type="button" className="btn btn-secondary" onClick={onClose} data-testid="scan-camera-close">
          {t('scan.cameraClose')}
        </button>
      }
    >
      {unavailable ? (
        <p className="alert alert-error" role="alert" data-testid="scan-camera-unavailable">
          {t('scan.cameraUnavailable')}
        </p>
      ) : (
        <video ref={video} className="scan-camera-video" muted playsInline data-testid="scan-camera-video" />
      )}
    </Dialog>
  );
}

/**
 * A scanner's burst typed anywhere while the dialog is open (a document listener in the capture phase, so the Enter
 * that ends it never reaches the focused button): its text, once Enter or Tab ends it. A person's keys pass through.
 */
function useWedgeScan(onScan: { readonly current: (text: string) => void }): void {
  useEffect(() => {
    const burst = new WedgeBurst();
    let typed = '';
    let lastAt = -Infinity;
    const onKey = (e: KeyboardEvent) => {
      const now = e.timeStamp || performance.now();
      if ((e.key === 'Enter' || e.key === 'Tab') && typed && burst.isScan(now)) {
        e.preventDefault();
        e.stopPropagation();
        const text = typed;
        typed = '';
        burst.reset();
        onScan.current(text);
        return;
      }
      const gs = isGsKey(e);
      if (!gs && (e.key.length !== 1 || e.ctrlKey || e.metaKey || e.altKey)) return;
      if (now - lastAt > WEDGE_GAP_MS) typed = '';
      lastAt = now;
      typed += gs ? GS : e.key;
      burst.key(now);
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, [onScan]);
}
