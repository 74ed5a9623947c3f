import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ReplenishmentLine } from '@wms/shared-api';
import { switchLanguage } from '@wms/shared-ui/testing';
import { clearToasts, renderOperations } from '../movements/test-support/render';
import './ReplenishmentPage';

const line = (over: Partial<ReplenishmentLine>): ReplenishmentLine => ({
  product_id: 1,
  product_code: 'VITE-M6',
  product_description: 'Vite M6',
  unit_of_measure: 'piece',
  warehouse_id: 1,
  warehouse_name: 'Centrale',
  supplier_id: 10,
  supplier_name: 'Ferramenta Rossi',
  available: '4.000',
  on_order: '0.000',
  min: '10.000',
  max: '1500.000',
  suggested_quantity: '1496.000',
  unit_price: '0.2500',
  currency: 'EUR',
  ...over,
});

let proposal: ReplenishmentLine[] = [];
const posts: Array<{ body: unknown; key: string | null }> = [];
const server = setupServer(
  http.get('*/api/warehouses', () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })),
  http.get('*/api/replenishment', () => HttpResponse.json(proposal)),
  http.post('*/api/replenishment/orders', async ({ request }) => {
    posts.push({ body: await request.json(), key: request.headers.get('Idempotency-Key') });
    proposal = [];
    return HttpResponse.json({ orders: [{ id: 77, order_number: 'PO-2026-00077', supplier_id: 10 }] }, { status: 201 });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  server.resetHandlers();
  await clearToasts();
});
afterAll(() => server.close());
beforeEach(async () => {
  posts.length = 0;
  proposal = [line({}), line({ product_id: 2, product_code: 'COLLA', supplier_id: 11, supplier_name: 'Chimica Sud', unit_price: null })];
  await switchLanguage('it');
});

describe('/operazioni/riordino', () => {
  it('groups by supplier, flags a missing price, sends the edited quantity with an Idempotency-Key and shows the draft order', async () => {
    renderOperations('/operazioni/riordino', 'orders');
    const rossi = await screen.findByRole('region', { name: 'Fornitore: Ferramenta Rossi' });
    expect(within(rossi).getByText('VITE-M6')).toBeInTheDocument();
    // The warehouse also under the code, for a portrait tablet where its column gives way (replenishment.css).
    expect(within(rossi).getByText('VITE-M6').closest('td')).toHaveTextContent(/^VITE-M6Centrale$/);
    expect(within(rossi).getByText('4 pz')).toBeInTheDocument();
    const sud = screen.getByRole('region', { name: 'Fornitore: Chimica Sud' });
    expect(within(sud).getByText('Nessun prezzo')).toBeInTheDocument();
    expect(within(sud).getByRole('checkbox', { name: 'Ordina COLLA per Centrale' })).toBeDisabled();

    const qty = within(rossi).getByLabelText('Quantità da ordinare di VITE-M6 per Centrale');
    expect(qty).toHaveValue('1.496');
    await userEvent.clear(qty);
    await userEvent.type(qty, '1.200,5');
    await userEvent.tab();
    expect(screen.getByText('1 riga scelta')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Crea ordini in bozza' }));

    const opened = await screen.findByRole('link', { name: 'Apri ordine PO-2026-00077' });
    expect(opened).toHaveAttribute('href', '/operazioni/ordini-fornitori/77');
    // The button that made the order goes with the proposal: the focus is on the new order's link, not lost.
    expect(opened).toHaveFocus();
    expect(posts).toHaveLength(1);
    expect(posts[0].body).toEqual({ lines: [{ product_id: 1, warehouse_id: 1, quantity: '1200.5' }] });
    expect(posts[0].key).toMatch(/.{8,}/);
    expect(await screen.findByTestId('replenishment-empty')).toBeInTheDocument();
  });

  it('a line unticked is not ordered; nothing ticked disables the action', async () => {
    renderOperations('/operazioni/riordino', 'orders');
    const box = await screen.findByRole('checkbox', { name: 'Ordina VITE-M6 per Centrale' });
    expect(box).toBeChecked();
    await userEvent.click(box);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Crea ordini in bozza' })).toBeDisabled());
  });

  it('imports limits from a CSV file; refused rows are listed with their line', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('*/api/stock-limits/import', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(
          {
            error: 'Il file contiene righe non valide: nulla è stato importato',
            code: 'CSV_INVALID',
            fields: { 'line 2': 'Prodotto X inesistente' },
          },
          { status: 400 },
        );
      }),
    );
    renderOperations('/operazioni/riordino', 'orders');
    await screen.findByRole('region', { name: 'Fornitore: Ferramenta Rossi' });
    const file = new File(['VITE-M6;Centrale;10;1.500\nX;Centrale;1;2\n'], 'limiti.csv', { type: 'text/csv' });
    await userEvent.upload(screen.getByLabelText('Importa minimi e massimi (CSV)'), file);
    expect(await screen.findByTestId('limits-import-problems')).toHaveTextContent('Riga 2: Prodotto X inesistente');
    expect(sent).toEqual([{ csv: 'VITE-M6;Centrale;10;1.500\nX;Centrale;1;2\n' }]);
  });

  it('a role without the replenishment permission is sent away', async () => {
    renderOperations('/operazioni/riordino', 'warehouse');
    await waitFor(() => expect(screen.getByTestId('location')).not.toHaveTextContent('/operazioni/riordino'));
    expect(screen.queryByRole('heading', { name: 'Riordino' })).not.toBeInTheDocument();
  });
});
