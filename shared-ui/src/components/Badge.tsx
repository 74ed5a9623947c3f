import type { ReactNode } from 'react';

export type BadgeTone = 'success' | 'danger' | 'warning' | 'neutral';

export interface BadgeProps {
  tone?: BadgeTone;
  children: ReactNode;
}

/** A small status label: success (active, completed), danger (inactive, pending), warning (partial), neutral. */
export function Badge({ tone = 'neutral', children }: BadgeProps) {
  return <span className={`badge badge-${tone}`}>{children}</span>;
}
