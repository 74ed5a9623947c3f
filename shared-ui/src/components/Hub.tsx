import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { can, type Permission } from '@wms/shared-api';
import { useSession } from '../session/useSession';

export interface HubCard {
  /** Stable id; the card's test id is `card-<id>`. */
  id: string;
  to: string;
  title: string;
  description?: string;
  /** Shown only to roles holding it; no permission means shown to everyone. */
  permission?: Permission;
  icon?: ReactNode;
}

export interface HubProps {
  cards: HubCard[];
  /** Accessible name of the group of cards. */
  label: string;
  /** Role to filter by; defaults to the signed-in user's role. */
  role?: string | null;
}

/** A grid of link cards, only those the role may open (SPEC §2: hubs and home). */
export function Hub({ cards, label, role }: HubProps) {
  const { t } = useTranslation('common');
  const { user } = useSession();
  const effectiveRole = role === undefined ? user?.role : role;
  const visible = cards.filter((card) => !card.permission || can(effectiveRole, card.permission));
  if (visible.length === 0) return <p className="muted">{t('hub.empty')}</p>;
  return (
    <nav aria-label={label}>
      <ul className="card-grid">
        {visible.map((card) => (
          <li key={card.id}>
            <HubLink card={card} />
          </li>
        ))}
      </ul>
    </nav>
  );
}

function HubLink({ card }: { card: HubCard }) {
  const id = useId();
  // The link is named by its title only; the description is its description, so "getByRole('link', {name})" is stable.
  return (
    <Link
      to={card.to}
      className="card"
      data-testid={`card-${card.id}`}
      aria-labelledby={`${id}-title`}
      aria-describedby={card.description ? `${id}-desc` : undefined}
    >
      {card.icon ? (
        <span className="card-icon" aria-hidden="true">
          {card.icon}
        </span>
      ) : null}
      <span className="card-title" id={`${id}-title`}>
        {card.title}
      </span>
      {card.description ? (
        <span className="card-description" id={`${id}-desc`}>
          {card.description}
        </span>
      ) : null}
    </Link>
  );
}
