import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '@wms/shared-ui/router';

interface RowAction {
  /** The accessible name, naming the row ("Modifica VT-M8"). */
  label: string;
  /** The visible word; "Modifica" / "Elimina" by default. */
  text?: string;
  title?: string;
  disabled?: boolean;
  testId?: string;
}

export interface RowActionsProps {
  /** Edit: a link to the row's form (`to`, with router `state`), or a button (`onClick`, an inline form). */
  edit?: RowAction & ({ to: string; state?: unknown } | { onClick: () => void });
  /** Delete: asks first (useRowActions), so only the button is here. */
  remove?: RowAction & { onClick: () => void };
  /** Further buttons, between edit and delete. */
  children?: ReactNode;
}

/** The action cell of a list row, the same on every screen: Edit, any others, then Delete, each named after its row. */
export function RowActions({ edit, remove, children }: RowActionsProps) {
  const { t } = useTranslation('common');
  const common = (a: RowAction) => ({ 'aria-label': a.label, title: a.title, 'data-testid': a.testId });
  return (
    <span className="row-actions">
      {edit && 'to' in edit ? (
        <Link className="btn btn-ghost" to={edit.to} state={edit.state} {...common(edit)}>
          {edit.text ?? t('actions.edit')}
        </Link>
      ) : null}
      {edit && 'onClick' in edit ? (
        <button type="button" className="btn btn-ghost" onClick={edit.onClick} disabled={edit.disabled} {...common(edit)}>
          {edit.text ?? t('actions.edit')}
        </button>
      ) : null}
      {children}
      {remove ? (
        <button
          type="button"
          className="btn btn-ghost btn-ghost-danger"
          onClick={remove.onClick}
          disabled={remove.disabled}
          {...common(remove)}
        >
          {remove.text ?? t('actions.delete')}
        </button>
      ) : null}
    </span>
  );
}
