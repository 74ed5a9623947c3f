/** True when no control has the focus (it fell to the document: its control was removed, or the page changed). */
export function focusLost(): boolean {
  return document.activeElement === null || document.activeElement === document.body;
}

/** The page's title takes the focus (PageHeader's h1), when there is one: where a keyboard user starts again. */
export function focusPageTitle(): void {
  document.querySelector<HTMLElement>('main h1[tabindex="-1"]')?.focus({ preventScroll: true });
}
