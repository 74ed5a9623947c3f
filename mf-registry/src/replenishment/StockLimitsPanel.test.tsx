import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { signInAs, switchLanguage } from '@wms/shared-ui/testing';
import { clearToasts, renderRegistry, resetFake, server } from '../test-support/render';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  server.resetHandlers();
  await clearToasts();
});
afterAll(() => server.close());

let puts: unknown[] = [];
beforeEach(async () => {
  resetFake();
  puts = [];
  await switchLanguage('it');
  server.use(
    http.get('*/api/products/31/stock-limits', () =>
      HttpResponse.json({
        product_id: 31,
        limits: [{ warehouse_id: 21, warehouse_name: 'Magazzino Centrale', min: '10.000', max: '1500.000' }],
      }),
    ),
    http.put('*/api/products/31/stock-limits', async ({ request }) => {
      puts.push(await request.json());
      return HttpResponse.json({ product_id: 31, limits: [] });
    }),
  );
});

describe('product form: stock limits panel', () => {
  it('shows the limits of an edited product, checks max ≥ min before sending, and saves the whole set', async () => {
    renderRegistry('/anagrafica/prodotti/31');
    const panel = await screen.findByRole('region', { name: 'Scorte minime e massime' });
    const max = await within(panel).findByLabelText('Massimo in Magazzino Centrale');
    expect(max).toHaveValue('1.500');
    await userEvent.clear(max);
    await userEvent.type(max, '2,5');
    await userEvent.tab();
    await userEvent.click(within(panel).getByRole('button', { name: 'Salva scorte' }));
    expect(await within(panel).findByText('Il massimo non può essere inferiore al minimo')).toBeInTheDocument();
    expect(puts).toEqual([]);

    await userEvent.clear(max);
    await userEvent.type(max, '20');
    await userEvent.tab();
    await userEvent.click(within(panel).getByRole('button', { name: 'Salva scorte' }));
    await waitFor(() => expect(puts).toEqual([{ limits: [{ warehouse_id: 21, min: '10', max: '20' }] }]));
  });

  it('a row added by keyboard takes the focus on its warehouse', async () => {
    renderRegistry('/anagrafica/prodotti/31');
    const panel = await screen.findByRole('region', { name: 'Scorte minime e massime' });
    await within(panel).findByLabelText('Massimo in Magazzino Centrale');
    within(panel).getByTestId('stock-limits-add').focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(within(panel).getByTestId('stock-limit-1').querySelector('select')).toHaveFocus());
  });

  it('is read-only for a role without the replenishment permission', async () => {
    renderRegistry('/anagrafica/prodotti/31');
    signInAs('sales');
    const panel = await screen.findByRole('region', { name: 'Scorte minime e massime' });
    const table = await within(panel).findByRole('table', { name: 'Minimo e massimo per magazzino' });
    expect(within(table).getByRole('row', { name: /Magazzino Centrale/ })).toHaveTextContent('1.500');
    expect(within(panel).queryByRole('button', { name: 'Salva scorte' })).not.toBeInTheDocument();
  });
});
