import { lazy, Suspense, useSyncExternalStore } from 'react';

/** At most 20 toasts at once (SPEC §9). */
export const TOAST_LIMIT = 20;
// SPEC §9 gives two readings of the durations; we use the finer one: success 2 s, error and info 4 s.
const SUCCESS_MS = 2000;
const OTHER_MS = 4000;

/**
 * react-toastify (8.5 KB brotli) is not on the first page: it is fetched when the first toast is raised (a save, a
 * failure), and each toast waits for it; ToastHost mounts the container then, and react-toastify shows the toasts raised
 * before it mounted. In the browser `import()` loads the shared singleton on demand (this package is built as ES modules
 * for webpack: package.json `module`); its file is cached for a year once fetched.
 */
const toastify = () => import('react-toastify');

const LazyToastContainer = lazy(() => toastify().then((m) => ({ default: m.ToastContainer })));

let toastRaised = false;
const hosts = new Set<() => void>();
const subscribe = (onChange: () => void) => {
  hosts.add(onChange);
  return () => {
    hosts.delete(onChange);
  };
};
const raised = () => toastRaised;

/**
 * Where toasts appear: top-centre, success green and error red (the "colored" theme). Mount once, in the shell
 * (or a remote's standalone page); react-toastify is a federation singleton, so remotes' toasts land here.
 */
export function ToastHost() {
  const needed = useSyncExternalStore(subscribe, raised, raised);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <LazyToastContainer position="top-center" limit={TOAST_LIMIT} theme="colored" autoClose={OTHER_MS} newestOnTop />
    </Suspense>
  );
}

/**
 * react-toastify writes each toast's id into the DOM (`id="1"`, `id="2"`…): an id made of digits is no CSS selector and
 * says nothing. Ours are prefixed.
 */
let lastToast = 0;
const toastId = () => `toast-${++lastToast}`;

function show(kind: 'success' | 'error' | 'info', message: string, autoClose: number): void {
  const id = toastId();
  if (!toastRaised) {
    toastRaised = true;
    hosts.forEach((onChange) => onChange());
  }
  void toastify().then(({ toast }) => toast[kind](message, { autoClose, toastId: id }));
}

export function toastSuccess(message: string): void {
  show('success', message, SUCCESS_MS);
}

export function toastError(message: string): void {
  show('error', message, OTHER_MS);
}

export function toastInfo(message: string): void {
  show('info', message, OTHER_MS);
}
