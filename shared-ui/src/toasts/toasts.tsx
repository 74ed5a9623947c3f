import { ToastContainer, toast } from 'react-toastify';

/** At most 20 toasts at once (SPEC §9). */
export const TOAST_LIMIT = 20;
// SPEC §9 gives two readings of the durations; we use the finer one: success 2 s, error and info 4 s.
const SUCCESS_MS = 2000;
const OTHER_MS = 4000;

/**
 * Where toasts appear: top-centre, success green and error red (the "colored" theme). Mount once, in the shell
 * (or a remote's standalone page); react-toastify is a federation singleton, so remotes' toasts land here.
 */
export function ToastHost() {
  return <ToastContainer position="top-center" limit={TOAST_LIMIT} theme="colored" autoClose={OTHER_MS} newestOnTop />;
}

/**
 * react-toastify writes each toast's id into the DOM (`id="1"`, `id="2"`…): an id made of digits is no CSS selector and
 * says nothing. Ours are prefixed.
 */
let lastToast = 0;
const toastId = () => `toast-${++lastToast}`;

export function toastSuccess(message: string): void {
  toast.success(message, { autoClose: SUCCESS_MS, toastId: toastId() });
}

export function toastError(message: string): void {
  toast.error(message, { autoClose: OTHER_MS, toastId: toastId() });
}

export function toastInfo(message: string): void {
  toast.info(message, { autoClose: OTHER_MS, toastId: toastId() });
}
