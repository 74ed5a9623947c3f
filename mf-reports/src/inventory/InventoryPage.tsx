import { Route, Routes } from '@wms/shared-ui/router';
import { CountingPage } from './CountingPage';
import { CountListPage } from './CountListPage';
import { ReviewPage } from './ReviewPage';
import { SheetPage } from './SheetPage';
import { StartCountPage } from './StartCountPage';

/** /report/inventario: the counts, /nuovo, /{id} (counting), /{id}/revisione (review and apply), /{id}/foglio (sheet). */
export function InventoryPage() {
  return (
    <Routes>
      <Route index element={<CountListPage />} />
      <Route path="nuovo" element={<StartCountPage />} />
      <Route path=":id" element={<CountingPage />} />
      <Route path=":id/revisione" element={<ReviewPage />} />
      <Route path=":id/foglio" element={<SheetPage />} />
    </Routes>
  );
}
