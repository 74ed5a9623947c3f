import { Fragment, type ReactNode } from 'react';

/** One labelled value of a record; `testId` goes on the value. */
export interface Fact {
  label: ReactNode;
  /** null, undefined or '' shows "—" (a date not set, a total with nothing in it). */
  value: ReactNode;
  testId?: string;
}

export interface FactsProps {
  /** In their order; false or null leaves a fact out (one that does not apply). */
  facts: ReadonlyArray<Fact | false | null>;
  className?: string;
  'data-testid'?: string;
}

/**
 * A record's labelled values as one description list (`<dl>` of `<dt>`/`<dd>`): a document's head (its dates and
 * status), a summary's totals. The screen's stylesheet lays it out (a grid of label and value columns).
 */
export function Facts({ facts, className, 'data-testid': testId }: FactsProps) {
  return (
    <dl className={className} data-testid={testId}>
      {facts.map((fact, k) =>
        fact ? (
          <Fragment key={k}>
            <dt>{fact.label}</dt>
            <dd data-testid={fact.testId}>{fact.value === null || fact.value === undefined || fact.value === '' ? '—' : fact.value}</dd>
          </Fragment>
        ) : null,
      )}
    </dl>
  );
}
