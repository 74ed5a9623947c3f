import { useEffect, useId, useRef, type KeyboardEvent, type MouseEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';

export interface DialogProps {
  /** The dialog is mounted only while open: render it conditionally or pass `open`. */
  open?: boolean;
  title: ReactNode;
  /** Escape, the × button and a click on the backdrop call it (not while `busy`). */
  onClose: () => void;
  children?: ReactNode;
  /** The buttons row, in the house order (kit README): the primary action first, then Cancel — as FormActions on pages. */
  actions?: ReactNode;
  /** What takes focus when the dialog opens; else the first control of its body (never the × button). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** While the dialog's action runs: Escape, × and the backdrop do nothing. */
  busy?: boolean;
  /** 'wide' for forms with several fields in a row (batches); default 'narrow' (confirmations). */
  size?: 'narrow' | 'wide';
  /** aria-describedby target inside the body, when the dialog has one message. */
  describedBy?: string;
  className?: string;
  'data-testid'?: string;
}

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The portal's one dialog (issue 22): a native `<dialog>` opened with `showModal()`, so the browser puts it in the top
 * layer — above every toast and header, the rest of the page inert — and Escape is the platform's. On open focus moves to
 * `initialFocus` or the body's first control; Tab and Shift+Tab wrap inside; on close focus returns to the control that
 * opened it. ConfirmDialog and every screen's dialog are built on it: never hand-write role="dialog".
 */
export function Dialog({
  open = true,
  title,
  onClose,
  children,
  actions,
  initialFocus,
  busy = false,
  size = 'narrow',
  describedBy,
  className,
  'data-testid': testId,
}: DialogProps) {
  const { t } = useTranslation('common');
  const id = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  const busyRef = useRef(busy);
  busyRef.current = busy;
  // The control that opened the dialog, read while the dialog renders open for the first time: before any child's effect
  // can take the focus (a scan box that focuses itself on mount), so the focus goes back to the opener, not to that child.
  const openerRef = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  if (open && !wasOpen.current) openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  wasOpen.current = open;

  useEffect(() => {
    const el = ref.current;
    if (!open || !el) return undefined;
    const opener = openerRef.current;
    // jsdom has no showModal: there the open attribute stands in (the focus rules below are ours in both).
    if (typeof el.showModal === 'function') {
      if (!el.open) el.showModal();
    } else {
      el.setAttribute('open', '');
    }
    const first = initialFocus?.current ?? bodyRef.current?.querySelector<HTMLElement>(FOCUSABLE) ?? bodyRef.current;
    first?.focus();
    const onCancel = (e: Event) => {
      e.preventDefault();
      if (!busyRef.current) closeRef.current();
    };
    el.addEventListener('cancel', onCancel);
    return () => {
      // Where the focus is as the dialog goes: a control outside it that the app focused on purpose while closing (the
      // scan box after a camera read) keeps it; otherwise (inside the dialog, or nowhere) it goes back to the opener.
      const active = document.activeElement;
      const placed = active instanceof HTMLElement && active !== document.body && !el.contains(active) ? active : null;
      el.removeEventListener('cancel', onCancel);
      if (typeof el.close === 'function' && el.open) el.close();
      const target = placed?.isConnected ? placed : opener;
      if (target?.isConnected) target.focus();
    };
    // The dialog opens once per mount; initialFocus is read then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  if (!open) return null;

  const onKeyDown = (e: KeyboardEvent<HTMLDialogElement>) => {
    if (e.key === 'Escape') {
      // jsdom fires no cancel event; the browser does (and preventDefault there keeps the dialog ours to close).
      e.preventDefault();
      e.stopPropagation();
      if (!busy) onClose();
      return;
    }
    if (e.key !== 'Tab' || !ref.current) return;
    const items = Array.from(ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.closest('[hidden]'));
    if (items.length === 0) return;
    const firstItem = items[0];
    const last = items[items.length - 1];
    if (e.shiftKey && document.activeElement === firstItem) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      firstItem.focus();
    }
  };

  // A click on the dialog element itself is a click on its backdrop (the content fills a child): a mouse shortcut for
  // close; keyboard users have Escape and the × button.
  const onBackdrop = (e: MouseEvent<HTMLDialogElement>) => {
    if (e.target === e.currentTarget && !busy) onClose();
  };

  /* eslint-disable jsx-a11y/no-noninteractive-element-interactions */
  return createPortal(
    <dialog
      ref={ref}
      className={`dialog dialog-${size}${className ? ` ${className}` : ''}`}
      aria-modal="true"
      aria-labelledby={`${id}-title`}
      aria-describedby={describedBy}
      onKeyDown={onKeyDown}
      onMouseDown={onBackdrop}
      data-testid={testId}
    >
      <div className="dialog-frame">
        <div className="dialog-head">
          <h2 className="dialog-title" id={`${id}-title`}>
            {title}
          </h2>
          <button
            type="button"
            className="dialog-close"
            onClick={onClose}
            disabled={busy}
            aria-label={t('actions.close')}
            data-testid="dialog-close"
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <div className="dialog-body" ref={bodyRef} tabIndex={-1}>
          {children}
        </div>
        {actions ? <div className="dialog-actions">{actions}</div> : null}
      </div>
    </dialog>,
    document.body,
  );
  /* eslint-enable jsx-a11y/no-noninteractive-element-interactions */
}
