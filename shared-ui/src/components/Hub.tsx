import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '@wms/shared-ui/router';
import { can, type Permission } from '@wms/shared-api/core';
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
  // The link holds the title only, so its name is what it shows (axe label-content-name-mismatch); it covers the whole
  // card (CSS ::after) and is described by the description beside it.
  return (
    <div className="card">
      {card.icon ? (
        <span className="card-icon" aria-hidden="true">
          {card.icon}
        </span>
      ) : null}
      <Link
        to={card.to}
        className="card-title card-link"
        data-testid={`card-${card.id}`}
        aria-describedby={card.description ? `${id}-desc` : undefined}
      >
        {card.title}
      </Link>
      {card.description ? (
        <span className="card-description" id={`${id}-desc`}>
          {card.description}
        </span>
      ) : null}
    </div>
  );
}
