import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { PartyKind } from '@wms/shared-api';
import { switchLanguage } from '@wms/shared-ui/testing';
import { clearToasts, fake, renderRegistry, requestsOf, resetFake, server } from '../test-support/render';

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

const LABELS: Record<string, string> = {
  business_name: 'Ragione sociale',
  vat_number: 'Partita IVA',
  address: 'Indirizzo',
  city: 'Città',
  province: 'Provincia',
  zip_code: 'CAP',
  country: 'Nazione',
  email: 'Email',
  phone: 'Telefono',
};
const input = (field: string) => screen.getByLabelText(new RegExp(`^${LABELS[field]}( \\*)?$`));

interface Kind {
  kind: PartyKind;
  url: string;
  title: string;
  titleFr: string;
  add: string;
  one: string;
  wording: { created: string; updated: string; deleted: string; saveError: string; deleteError: string; confirm: string; count: string };
}

const KINDS: Kind[] = [
  {
    kind: 'suppliers',
    url: '/anagrafica/fornitori',
    title: 'Fornitori',
    titleFr: 'Fournisseurs',
    add: 'Nuovo fornitore',
    one: 'Bulloneria Bresciana S.r.l.',
    wording: {
      created: 'Fornitore creato con successo',
      updated: 'Fornitore aggiornato con successo',
      deleted: 'Fornitore eliminato con successo',
      saveError: 'Errore durante il salvataggio del fornitore',
      deleteError: "Errore durante l'eliminazione del fornitore",
      confirm: 'Sei sicuro di voler eliminare questo fornitore?',
      count: 'Totale fornitori: 2',
    },
  },
  {
    kind: 'customers',
    url: '/anagrafica/clienti',
    title: 'Clienti',
    titleFr: 'Clients',
    add: 'Nuovo cliente',
    one: 'Ferramenta Rossi S.n.c.',
    wording: {
      created: 'Cliente creato con successo',
      updated: 'Cliente aggiornato con successo',
      deleted: 'Cliente eliminato con successo',
      saveError: 'Errore durante il salvataggio del cliente',
      deleteError: "Errore durante l'eliminazione del cliente",
      confirm: 'Sei sicuro di voler eliminare questo cliente?',
      count: 'Totale clienti: 1',
    },
  },
];

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  const values: Record<string, string> = {
    business_name: 'Nuova Ditta S.p.A.',
    vat_number: '00488410010',
    address: 'Via Po 3',
    city: 'Milano',
    province: 'MI',
    zip_code: '20121',
    email: 'ordini@nuovaditta.example',
    phone: '02 555111',
  };
  for (const [field, value] of Object.entries(values)) await user.type(input(field), value);
}

describe.each(KINDS)('$url', ({ kind, url, title, titleFr, add, one, wording }) => {
  const rows = () => fake[kind];
  const rowOf = async (name: string) => (await screen.findByText(name, { exact: true })).closest('tr')!;

  it('lists business name, city, VAT number, email, phone, edit and delete, with the total', async () => {
    renderRegistry(url);
    const table = await screen.findByRole('table');
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent?.replace(/[▲▼↕]/g, '')),
    ).toEqual(['Ragione sociale', 'Città', 'Partita IVA', 'Email', 'Telefono', 'Azioni']);
    const row = await rowOf(one);
    const p = rows()[0];
    for (const text of [p.city, p.vat_number, p.email, p.phone]) expect(within(row).getByText(text)).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: `Modifica ${one}` })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: `Elimina ${one}` })).toBeInTheDocument();
    expect(screen.getByTestId(`${kind}-count`)).toHaveTextContent(wording.count);
  });

  it('the inline form replaces the list; country defaults to Italia; every required field says "Campo obbligatorio"', async () => {
    const user = userEvent.setup();
    renderRegistry(url);
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: add }));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: add })).toBeInTheDocument();
    expect(input('country')).toHaveValue('Italia');
    await user.clear(input('country'));
    await user.click(screen.getByTestId('party-save'));
    for (const field of Object.keys(LABELS)) expect(screen.getByTestId(`error-${field}`)).toHaveTextContent('Campo obbligatorio');
    for (const optional of ['contact_name', 'contact_role', 'contact_phone', 'shipping_method', 'notes'])
      expect(screen.queryByTestId(`error-${optional}`)).toBeNull();
    expect(input('business_name')).toHaveFocus();
    expect(requestsOf('POST', `/${kind}`)).toHaveLength(0);
  });

  it('checks the email format: "Indirizzo email non valido"', async () => {
    const user = userEvent.setup();
    renderRegistry(url);
    await user.click(await screen.findByRole('button', { name: add }));
    await fillValid(user);
    await user.clear(input('email'));
    await user.type(input('email'), 'ordini@nuovaditta');
    await user.click(screen.getByTestId('party-save'));
    expect(screen.getByTestId('error-email')).toHaveTextContent('Indirizzo email non valido');
    expect(requestsOf('POST', `/${kind}`)).toHaveLength(0);
  });

  it('creates: the fields sent, a success toast, the list back with the new row highlighted', async () => {
    const user = userEvent.setup();
    renderRegistry(url);
    await user.click(await screen.findByRole('button', { name: add }));
    await fillValid(user);
    await user.type(screen.getByLabelText('Referente'), 'Anna Neri');
    await user.click(screen.getByTestId('party-save'));
    expect(await screen.findByText(wording.created)).toBeInTheDocument();
    expect(requestsOf('POST', `/${kind}`)[0].body).toMatchObject({
      business_name: 'Nuova Ditta S.p.A.',
      country: 'Italia',
      email: 'ordini@nuovaditta.example',
      contact_name: 'Anna Neri',
      contact_role: null,
      created_by: 1,
    });
    // The saved row is shown highlighted (issue 22), and the one edited next takes its place.
    await waitFor(() => expect(rowOf('Nuova Ditta S.p.A.')).resolves.toHaveClass('row-saved'));
    expect(await rowOf('Nuova Ditta S.p.A.')).toHaveAttribute('aria-current', 'true');
    await user.click(within(await rowOf(one)).getByRole('button', { name: `Modifica ${one}` }));
    await user.click(screen.getByTestId('party-save'));
    await waitFor(() => expect(rowOf(one)).resolves.toHaveClass('row-saved'));
    expect(await rowOf('Nuova Ditta S.p.A.')).not.toHaveClass('row-saved');
  });

  it.each([
    ["500: the screen's own sentence", 500, { error: 'Errore interno del server', code: 'INTERNAL' }, 'saveError'],
    [
      "400: the server's text",
      400,
      { error: 'Dati non validi: email: Indirizzo email non valido', code: 'VALIDATION', fields: { email: 'Indirizzo email non valido' } },
      'Dati non validi: email: Indirizzo email non valido',
    ],
    ['network failure', 0, null, 'saveError'],
  ])('a failed save is never silent (%s)', async (_label, status, body, text) => {
    server.use(http.post(`*/api/${kind}`, () => (status ? HttpResponse.json(body, { status }) : HttpResponse.error())));
    const user = userEvent.setup();
    renderRegistry(url);
    await user.click(await screen.findByRole('button', { name: add }));
    await fillValid(user);
    await user.click(screen.getByTestId('party-save'));
    const expected = text === 'saveError' ? wording.saveError : text;
    expect(await screen.findByTestId('party-save-error')).toHaveTextContent(expected);
    // One place per failure (issue 22): the form says it, no toast says it again.
    expect(screen.getAllByText(expected)).toHaveLength(1);
    expect(document.querySelector('.Toastify__toast')).toBeNull();
    expect(screen.getByTestId('party-form')).toBeInTheDocument();
  });

  it('edits in place: prefilled form, PUT, success toast', async () => {
    const user = userEvent.setup();
    renderRegistry(url);
    await user.click(within(await rowOf(one)).getByRole('button', { name: `Modifica ${one}` }));
    expect(input('business_name')).toHaveValue(one);
    await user.clear(input('city'));
    await user.type(input('city'), 'Lecco');
    await user.click(screen.getByTestId('party-save'));
    expect(await screen.findByText(wording.updated)).toBeInTheDocument();
    const id = rows()[0].id;
    expect(requestsOf('PUT', `/${kind}/${id}`)[0].body).toMatchObject({ business_name: one, city: 'Lecco', modified_by: 1 });
    expect(within(await rowOf(one)).getByText('Lecco')).toBeInTheDocument();
  });

  it('cancel closes the form without saving', async () => {
    const user = userEvent.setup();
    renderRegistry(url);
    await user.click(await screen.findByRole('button', { name: add }));
    await user.click(screen.getByRole('button', { name: 'Annulla' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(requestsOf('POST', `/${kind}`)).toHaveLength(0);
  });

  it('deletes after confirmation; a failed delete says so', async () => {
    const user = userEvent.setup();
    renderRegistry(url);
    await user.click(within(await rowOf(one)).getByRole('button', { name: `Elimina ${one}` }));
    expect(screen.getByRole('dialog')).toHaveTextContent(wording.confirm);
    server.use(
      http.delete(`*/api/${kind}/:id`, () => HttpResponse.json({ error: 'x', code: 'INTERNAL' }, { status: 500 }), { once: true }),
    );
    await user.click(screen.getByTestId('confirm-ok'));
    expect(await screen.findByText(wording.deleteError)).toBeInTheDocument();
    await user.click(within(await rowOf(one)).getByRole('button', { name: `Elimina ${one}` }));
    await user.click(screen.getByTestId('confirm-ok'));
    expect(await screen.findByText(wording.deleted)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(one)).not.toBeInTheDocument());
  });

  it('speaks French: title, columns, form labels and messages', async () => {
    await switchLanguage('fr');
    const user = userEvent.setup();
    renderRegistry(url);
    const table = await screen.findByRole('table');
    expect(screen.getByRole('heading', { level: 1, name: titleFr })).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent?.replace(/[▲▼↕]/g, '')),
    ).toEqual(['Raison sociale', 'Ville', 'Numéro de TVA', 'E-mail', 'Téléphone', 'Actions']);
    await user.click(screen.getByTestId('add-party'));
    expect(screen.getByLabelText(/^Pays/)).toHaveValue('Italia');
    await user.type(screen.getByLabelText(/^E-mail/), 'x');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(screen.getByTestId('error-email')).toHaveTextContent('Adresse e-mail non valide');
    expect(screen.getByTestId('error-phone')).toHaveTextContent('Champ obligatoire');
  });
});
