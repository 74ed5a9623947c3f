import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useParams } from '@wms/shared-ui/router';
import { RequirePermission } from '@wms/shared-ui';
import { NS } from '../paths';
import { CountingPage } from './CountingPage';
import { CountListPage } from './CountListPage';
import { ReviewPage } from './ReviewPage';
import { SheetPage } from './SheetPage';
import { StartCountPage } from './StartCountPage';
import { INVENTORY_URL } from './paths';

/**
 * /report/inventario: the counts, /nuovo, /{id} (counting), /{id}/revisione (review and apply), /{id}/foglio (sheet). The
 * review needs its own permission (inventoryReview: who counts does not see the book quantities): another role goes home,
 * told what was refused, as at every forbidden address.
 */
export function InventoryPage() {
  return (
    <Routes>
      <Route index element={<CountListPage />} />
      <Route path="nuovo" element={<StartCountPage />} />
      <Route path=":id" element={<CountingPage />} />
      <Route path=":id/revisione" element={<GuardedReview />} />
      <Route path=":id/foglio" element={<SheetPage />} />
      {/* Any other address under the area (SPEC §2: an unknown path is not a blank page): its list. */}
      <Route path="*" element={<Navigate to={INVENTORY_URL} replace />} />
    </Routes>
  );
}

function GuardedReview() {
  const { t } = useTranslation(NS);
  const { id = '' } = useParams();
  return (
    <RequirePermission permission="inventoryReview" redirectTo="/" refusedName={t('inventory.review.title', { id })}>
      <ReviewPage />
    </RequirePermission>
  );
}
