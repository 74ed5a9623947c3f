// Module Federation runtime plugin of the shell. A remote that cannot be fetched (dead manifest, missing remoteEntry,
// broken chunk) must only take down its own section: we log which remote failed and at which step, and let the error
// reach the section's error boundary, which shows a translated message and a Retry button. We return nothing on purpose:
// a returned value would be used as a fallback module and hide the failure from the boundary.
export default function remoteErrorsPlugin() {
  return {
    name: 'wms-remote-errors',
    errorLoadRemote({ id, error, lifecycle, remote }) {
      const name = (remote && remote.name) || id;
      const reason = error instanceof Error ? error.message : String(error);
      console.error(`[wms] remote "${name}" failed to load (${lifecycle}): ${reason}`);
      if (typeof window !== 'undefined' && typeof CustomEvent === 'function') {
        window.dispatchEvent(new CustomEvent('wms:remote-error', { detail: { id, remote: name, lifecycle } }));
      }
      return undefined;
    },
  };
}
