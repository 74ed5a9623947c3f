import { useEffect, useRef, type ReactNode } from 'react';
import { focusLost } from './focus';
import { useDocumentTitle } from './useDocumentTitle';

export interface PageHeaderProps {
  title: string;
  subtitle?: ReactNode;
  /** Buttons on the right (e.g. "Add product"). */
  actions?: ReactNode;
}

/**
 * A screen's title (the page's only h1, and the browser tab's: `document.title`) with an optional subtitle and actions.
 * A page opened with the focus nowhere (after a link, or a save that came back to a list) gives it to its title: a
 * keyboard or screen-reader user starts from there, not from the top of the document. A focus placed elsewhere (the
 * page's first field, the button that opened it) is left alone.
 */
export function PageHeader({ title, subtitle, actions }: PageHeaderProps) {
  useDocumentTitle(title);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focusLost()) heading.current?.focus({ preventScroll: true });
  }, []);
  return (
    <header className="page-header">
      <div>
        <h1 className="page-title" ref={heading} tabIndex={-1}>
          {title}
        </h1>
        {subtitle ? <p className="page-subtitle">{subtitle}</p> : null}
      </div>
      {actions ? <div className="page-actions">{actions}</div> : null}
    </header>
  );
}
