import { useTranslation } from 'react-i18next';
import type { Dashboard } from '@wms/shared-api';
import { displayDay, formatAmount, formatCount, useSession } from '@wms/shared-ui';
import { Link } from '@wms/shared-ui/router';
import { cardLinks } from './links';
import './home.css';

interface Card {
  id: string;
  count: number;
  title: string;
  detail?: string;
  to: string | null;
  tone: 'danger' | 'warning' | 'info';
}

/**
 * The alert cards (issue 28): a count per card, each opening the list of what it counts. A card the role may not see is
 * null in the answer and not shown; a count of zero is shown calm (no alert colour).
 */
export function AlertCards({ cards }: { cards: Dashboard['cards'] }) {
  const { t } = useTranslation('shell');
  const { user } = useSession();
  const links = cardLinks(user?.role);
  // In this order; a card the answer leaves out (null: the role may not see it) is not shown.
  const expiredValues = cards.expired_batches?.values?.map((v) => formatAmount(v.value, v.currency)).join(' + ');
  const toReorder = cards.below_minimum?.to_reorder ?? null;
  const shown: Array<Card | null | undefined> = [
    cards.expired_batches && {
      id: 'expired-batches',
      count: cards.expired_batches.count,
      title: t('home.alerts.expired', { count: cards.expired_batches.count }),
      detail: expiredValues ? t('home.alerts.expiredValue', { value: expiredValues }) : undefined,
      to: links.expiredBatches,
      tone: 'danger',
    },
    cards.expiring_batches && {
      id: 'expiring-batches',
      count: cards.expiring_batches.count,
      title: t('home.alerts.expiring', { count: cards.expiring_batches.count }),
      detail: t('home.alerts.expiringUntil', { days: cards.expiring_batches.within_days, day: displayDay(cards.expiring_batches.until) }),
      to: links.expiringBatches(cards.expiring_batches.within_days),
      tone: 'warning',
    },
    cards.below_minimum && {
      id: 'below-minimum',
      count: toReorder ?? cards.below_minimum.count,
      title:
        toReorder === null
          ? t('home.alerts.belowMinimum', { count: cards.below_minimum.count })
          : t('home.alerts.toReorder', { count: toReorder }),
      detail: toReorder === null ? undefined : t('home.alerts.belowMinimumDetail', { count: cards.below_minimum.count }),
      to: links.belowMinimum,
      tone: 'warning',
    },
    cards.late_orders && {
      id: 'late-orders',
      count: cards.late_orders.count,
      title: t('home.alerts.lateOrders', { count: cards.late_orders.count }),
      to: links.lateOrders,
      tone: 'danger',
    },
    cards.arriving_this_week && {
      id: 'arriving-orders',
      count: cards.arriving_this_week.count,
      title: t('home.alerts.arriving', { count: cards.arriving_this_week.count }),
      detail: t('home.alerts.arrivingUntil', { day: displayDay(cards.arriving_this_week.until) }),
      to: links.arriving,
      tone: 'info',
    },
    cards.transfers_in_transit && {
      id: 'transfers-in-transit',
      count: cards.transfers_in_transit.count,
      title: t('home.alerts.inTransit', { count: cards.transfers_in_transit.count }),
      to: links.inTransit,
      tone: 'info',
    },
    cards.open_counts && {
      id: 'open-counts',
      count: cards.open_counts.count,
      title: t('home.alerts.openCounts', { count: cards.open_counts.count }),
      to: links.openCounts,
      tone: 'info',
    },
  ];
  const list = shown.filter((c): c is Card => Boolean(c));
  if (!list.length) return null;
  return (
    <section aria-labelledby="home-alerts" className="home-alerts">
      <h2 id="home-alerts">{t('home.alerts.title')}</h2>
      <ul className="alert-cards">
        {list.map((c) => {
          const body = (
            <>
              <span className="alert-count" data-testid={`alert-count-${c.id}`}>
                {formatCount(c.count)}
              </span>
              <span className="alert-title">{c.title}</span>
              {c.detail ? <span className="alert-detail">{c.detail}</span> : null}
            </>
          );
          const tone = c.count > 0 ? `alert-${c.tone}` : 'alert-calm';
          return (
            <li key={c.id} className={`alert-card ${tone}`} data-testid={`alert-${c.id}`}>
              {c.to ? (
                <Link to={c.to} className="alert-link">
                  {body}
                </Link>
              ) : (
                <div className="alert-link">{body}</div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
