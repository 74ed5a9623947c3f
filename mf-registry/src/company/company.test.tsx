import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MAX_LOGO_BYTES } from '@wms/shared-api';
import { switchLanguage } from '@wms/shared-ui/testing';
import { clearToasts, fake, renderRegistry, requestsOf, resetFake, server } from '../test-support/render';
import './CompanyPage';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  server.resetHandlers();
  await clearToasts();
});
afterAll(() => server.close());
beforeEach(async () => {
  resetFake();
  await switchLanguage('it');
});

const URL = '/anagrafica/azienda';
const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='), (c) =>
  c.charCodeAt(0),
);
const file = (parts: BlobPart[], name: string, type: string) => new File(parts, name, { type });

async function openForm() {
  renderRegistry(URL);
  return screen.findByRole('form', { name: 'Azienda' });
}

describe('company form', () => {
  it("loads the company with the supplier form's labels and previews the print header", async () => {
    const form = await openForm();
    expect(within(form).getByLabelText(/Ragione sociale/)).toHaveValue('Rossi Forniture Industriali S.r.l.');
    expect(within(form).getByLabelText(/Partita IVA/)).toHaveValue('02987654321');
    expect(within(form).getByLabelText(/CAP/)).toHaveValue('25125');
    expect(within(form).getByLabelText(/Prefisso numerazione DDT/)).toHaveValue('DDT');
    expect(screen.getByTestId('company-name')).toHaveTextContent('Rossi Forniture Industriali S.r.l.');
    expect(screen.getByTestId('company-address')).toHaveTextContent('Via dell’Industria 12, 25125 Brescia (BS), Italia');
    expect(screen.getByTestId('company-no-logo')).toBeInTheDocument();
  });

  it("refuses a blank VAT number and a bad tax code inline (the server's words), then saves and updates the preview", async () => {
    const user = userEvent.setup();
    const form = await openForm();
    await user.clear(within(form).getByLabelText(/Partita IVA/));
    await user.type(within(form).getByLabelText(/Codice fiscale/), 'ABC');
    await user.click(screen.getByTestId('company-save'));
    expect(await screen.findByTestId('error-vat_number')).toHaveTextContent('Campo obbligatorio');
    expect(screen.getByTestId('error-tax_code')).toHaveTextContent(/^Codice fiscale non valido/);
    expect(within(form).getByLabelText(/Partita IVA/)).toHaveFocus();
    expect(requestsOf('PUT', '/company')).toHaveLength(0);

    await user.type(within(form).getByLabelText(/Partita IVA/), '02987654321');
    await user.clear(within(form).getByLabelText(/Codice fiscale/));
    await user.clear(within(form).getByLabelText(/Ragione sociale/));
    await user.type(within(form).getByLabelText(/Ragione sociale/), 'Rossi Nuova S.p.A.');
    await user.click(screen.getByTestId('company-save'));
    expect(await screen.findByText('Dati aziendali salvati')).toBeInTheDocument();
    expect(requestsOf('PUT', '/company')[0].body).toMatchObject({
      business_name: 'Rossi Nuova S.p.A.',
      vat_number: '02987654321',
      tax_code: null,
    });
    expect(screen.getByTestId('company-name')).toHaveTextContent('Rossi Nuova S.p.A.');
  });

  it('uploads a PNG logo (base64 with its type) and shows it; removes it', async () => {
    const user = userEvent.setup();
    await openForm();
    await user.upload(screen.getByTestId('company-logo-file'), file([PNG], 'logo.png', 'image/png'));
    expect(await screen.findByText('Logo aggiornato')).toBeInTheDocument();
    expect(requestsOf('PUT', '/company/logo')[0].body).toEqual({ mime_type: 'image/png', data: btoa(String.fromCharCode(...PNG)) });
    expect(await screen.findByTestId('company-logo-preview')).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/png;base64,iVBOR/),
    );
    expect(await screen.findByTestId('company-logo')).toBeInTheDocument(); // in the print header's preview too
    // Removing asks first (SPEC §4); Cancel keeps it, and the focus comes back to the button.
    await user.click(screen.getByTestId('company-logo-remove'));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Sei sicuro di voler rimuovere il logo?');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('company-logo-remove')).toHaveFocus();
    expect(requestsOf('DELETE', '/company/logo')).toHaveLength(0);
    await user.click(screen.getByTestId('company-logo-remove'));
    await user.click(await screen.findByTestId('confirm-ok'));
    expect(await screen.findByText('Logo rimosso')).toBeInTheDocument();
    expect(screen.getByTestId('company-no-logo')).toBeInTheDocument();
    expect(fake.logo).toBeNull();
  });

  it.each([
    [
      'an SVG with a script',
      file(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], 'x.svg', 'image/svg+xml'),
      /^SVG non ammesso/,
    ],
    ['a GIF', file(['GIF89a'], 'x.gif', 'image/gif'), 'Il logo deve essere un file PNG o SVG'],
    ['a file too large', file([new Uint8Array(MAX_LOGO_BYTES + 1)], 'big.png', 'image/png'), 'Logo troppo grande (massimo 256 KB)'],
    ['a fake PNG', file(['not a png'], 'x.png', 'image/png'), 'Il file non è un PNG valido'],
  ])('refuses %s before sending anything, says why next to the field', async (_what, f, text) => {
    const user = userEvent.setup({ applyAccept: false });
    await openForm();
    await user.upload(screen.getByTestId('company-logo-file'), f);
    expect(await screen.findByTestId('error-logo')).toHaveTextContent(text);
    expect(screen.getByTestId('company-logo-file')).toHaveAttribute('aria-invalid', 'true');
    expect(requestsOf('PUT', '/company/logo')).toHaveLength(0);
  });

  it('speaks French', async () => {
    await openForm();
    await switchLanguage('fr');
    expect(screen.getByRole('heading', { level: 1, name: 'Entreprise' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Numéro de TVA/)).toBeInTheDocument();
    expect(screen.getByLabelText(/Charger un logo \(PNG ou SVG, 256 Ko au maximum\)/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('company-vat')).toHaveTextContent('TVA 02987654321'));
  });
});
