import type { ReactNode } from 'react';

export interface ListMessageProps {
  /** What the list is ("These batches expired before today, 05/03/2026:"). */
  intro: ReactNode;
  /** One line per thing the question is about, in their order. */
  items: readonly ReactNode[];
  /** The question itself ("Receive them anyway?"). */
  ask: ReactNode;
  'data-testid'?: string;
}

/**
 * The message of a confirmation about several things (ConfirmDialog's `message`): a sentence, the things as a list — one
 * line each, read as a list by screen readers — then the question.
 */
export function ListMessage({ intro, items, ask, 'data-testid': testId }: ListMessageProps) {
  return (
    <div data-testid={testId}>
      <p>{intro}</p>
      <ul>
        {items.map((item, k) => (
          <li key={k}>{item}</li>
        ))}
      </ul>
      <p>{ask}</p>
    </div>
  );
}
