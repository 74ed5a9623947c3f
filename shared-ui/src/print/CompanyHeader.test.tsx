import { render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { Company } from '@wms/shared-api';
import { signInAs, switchLanguage } from '../testing';
import { CompanyHeader } from './CompanyHeader';

const company = (over: Partial<Company> = {}): Company => ({
  business_name: 'Rossi S.r.l.',
  vat_number: '02987654321',
  tax_code: '02987654321',
  address: 'Via Po 3',
  city: 'Torino',
  province: 'TO',
  zip_code: '10121',
  country: 'Italia',
  phone: '011 555',
  email: 'info@rossi.example',
  ddt_prefix: 'DDT',
  logo_mime_type: null,
  logo_updated_at: null,
  modified_by: 'admin',
  updated_at: '2026-03-01T10:00:00.000Z',
  ...over,
});

const SVG = '<svg xmlns="http://www.w3.org/2000/svg"/>';
let answer: () => Response = () => HttpResponse.json(company());
const server = setupServer(
  http.get('*/api/company', () => answer()),
  http.get('*/api/company/logo', () => new HttpResponse(SVG, { headers: { 'content-type': 'image/svg+xml' } })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(async () => {
  signInAs('admin');
  await switchLanguage('it');
});

describe('CompanyHeader', () => {
  it('loads the company: name, one address line, the VAT number (a tax code equal to it once), contacts; ready without a logo', async () => {
    answer = () => HttpResponse.json(company());
    render(<CompanyHeader />);
    expect(await screen.findByTestId('company-name')).toHaveTextContent('Rossi S.r.l.');
    expect(screen.getByTestId('company-address')).toHaveTextContent('Via Po 3, 10121 Torino (TO), Italia');
    expect(screen.getByTestId('company-vat')).toHaveTextContent(/^P\. IVA 02987654321$/);
    expect(screen.getByText('Tel. 011 555 · info@rossi.example')).toBeInTheDocument();
    expect(screen.getByTestId('company-header')).toHaveAttribute('data-state', 'ready');
    await switchLanguage('fr');
    expect(screen.getByTestId('company-vat')).toHaveTextContent(/^TVA 02987654321$/);
  });

  it('a person’s tax code is printed beside the VAT number; the logo comes as a data: URL, then the header is ready', async () => {
    answer = () =>
      HttpResponse.json(
        company({ tax_code: 'RSSMRA80A01B157X', logo_mime_type: 'image/svg+xml', logo_updated_at: '2026-03-01T10:00:00.000Z' }),
      );
    render(<CompanyHeader />);
    expect(await screen.findByTestId('company-vat')).toHaveTextContent('P. IVA 02987654321 · C.F. RSSMRA80A01B157X');
    const logo = await screen.findByTestId('company-logo');
    expect(logo).toHaveAttribute('src', `data:image/svg+xml;base64,${btoa(SVG)}`);
    expect(logo).toHaveAttribute('alt', 'Logo di Rossi S.r.l.');
    expect(screen.getByTestId('company-header')).toHaveAttribute('data-state', 'ready');
  });

  it('a logo that cannot be loaded leaves the name alone, and the header ready (a print never waits for ever)', async () => {
    answer = () => HttpResponse.json(company({ logo_mime_type: 'image/png', logo_updated_at: '2026-03-02T10:00:00.000Z' }));
    server.use(http.get('*/api/company/logo', () => HttpResponse.json({ error: 'x', code: 'COMPANY_LOGO_NOT_FOUND' }, { status: 404 })));
    render(<CompanyHeader />);
    expect(await screen.findByTestId('company-name')).toHaveTextContent('Rossi S.r.l.');
    await waitFor(() => expect(screen.getByTestId('company-header')).toHaveAttribute('data-state', 'ready'));
    expect(screen.queryByTestId('company-logo')).not.toBeInTheDocument();
  });

  it('says where to enter the data while the company was never saved, and when it cannot be loaded', async () => {
    render(
      <CompanyHeader
        company={company({
          business_name: '',
          vat_number: '',
          address: '',
          city: '',
          province: '',
          zip_code: '',
          country: '',
          phone: '',
          email: '',
          tax_code: null,
        })}
        logo={null}
      />,
    );
    expect(screen.getByText('Dati aziendali non ancora inseriti (Anagrafiche › Azienda)')).toBeInTheDocument();
    expect(screen.queryByTestId('company-vat')).not.toBeInTheDocument();
    answer = () => HttpResponse.json({ error: 'Errore interno del server', code: 'INTERNAL' }, { status: 500 });
    render(<CompanyHeader />);
    expect(await screen.findByText('Dati aziendali non disponibili')).toBeInTheDocument();
  });
});
