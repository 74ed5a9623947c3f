import type { ReactNode } from 'react';
import { useDocumentTitle } from './useDocumentTitle';

export interface PageHeaderProps {
  title: string;
  subtitle?: ReactNode;
  /** Buttons on the right (e.g. "Add product"). */
  actions?: ReactNode;
}

/** A screen's title (the page's only h1, and the browser tab's: `document.title`) with an optional subtitle and actions. */
export function PageHeader({ title, subtitle, actions }: PageHeaderProps) {
  useDocumentTitle(title);
  return (
    <header className="page-header">
      <div>
        <h1 className="page-title">{title}</h1>
        {subtitle ? <p className="page-subtitle">{subtitle}</p> : null}
      </div>
      {actions ? <div className="page-actions">{actions}</div> : null}
    </header>
  );
}
