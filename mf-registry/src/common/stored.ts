import { useCallback, useState } from 'react';

function read(key: string): string {
  try {
    return window.localStorage.getItem(key) ?? '';
  } catch {
    return '';
  }
}

/** A text kept in browser storage under `key`: restored when the screen opens again (SPEC §2: the product search). */
export function useStoredText(key: string): [string, (value: string) => void] {
  const [value, setValue] = useState(() => read(key));
  const set = useCallback(
    (next: string) => {
      setValue(next);
      try {
        if (next) window.localStorage.setItem(key, next);
        else window.localStorage.removeItem(key);
      } catch {
        // storage disabled: the term lasts for this visit only
      }
    },
    [key],
  );
  return [value, set];
}
