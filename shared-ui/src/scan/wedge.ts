/**
 * A keyboard-wedge scanner types a whole code in a burst — a few milliseconds between keys, far faster than a person —
 * and ends it with Enter (or Tab, or CR/LF). `WedgeBurst` watches key times to tell such a burst from typing, so a Tab
 * that ends a scan submits it instead of moving the focus, and fields that are not scan boxes can recognise a scan.
 */
export const WEDGE_GAP_MS = 50;
export const WEDGE_MIN_CHARS = 4;

export class WedgeBurst {
  private times: number[] = [];

  constructor(
    private readonly gapMs = WEDGE_GAP_MS,
    private readonly minChars = WEDGE_MIN_CHARS,
  ) {}

  /** A character key went down at `now` (ms). A pause longer than the gap starts a new burst. */
  key(now: number): void {
    const last = this.times[this.times.length - 1];
    if (last !== undefined && now - last > this.gapMs) this.times = [];
    this.times.push(now);
  }

  /** True when the keys so far came as a scanner sends them and the last one just now. */
  isScan(now: number): boolean {
    const last = this.times[this.times.length - 1];
    return this.times.length >= this.minChars && last !== undefined && now - last <= this.gapMs;
  }

  reset(): void {
    this.times = [];
  }
}

/** Many wedges send GS1's FNC1 (the ASCII 29 separator) as Ctrl+]: such a key is that separator, not a shortcut. */
export function isGsKey(e: { ctrlKey: boolean; key: string; code: string }): boolean {
  return e.ctrlKey && (e.key === ']' || e.code === 'BracketRight');
}
