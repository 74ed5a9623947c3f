import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { signInAs, switchLanguage } from '@wms/shared-ui/testing';
import { fakeApp, loadRemote, registerRemotes, serveRemotes } from '../test-support/federation-mock';
import { renderPortal, resetFederation } from '../test-support/portal';
import { manifest, REMOTES_JSON, server } from '../test-support/server';

jest.mock('@module-federation/enhanced/runtime', () => require('../test-support/federation-mock'));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(async () => {
  resetFederation();
  loadRemote.mockReset();
  registerRemotes.mockReset();
  serveRemotes();
  signInAs('admin');
  await switchLanguage('it');
  // React reports errors caught by boundaries on console.error; they are the point of these tests.
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('remote sections', () => {
  it('registers a remote listed in /remotes.json, with its absolute manifest URL, once its manifest is checked', async () => {
    renderPortal('/operazioni');
    expect(await screen.findByRole('heading', { name: 'operations hub' })).toBeInTheDocument();
    expect(registerRemotes).toHaveBeenCalledWith([{ name: 'operations', entry: 'http://localhost/mf/operations/mf-manifest.json' }], {
      force: false,
    });
    expect(registerRemotes).toHaveBeenCalledTimes(1);
    expect(loadRemote).toHaveBeenCalledWith('operations/App');
  });

  it("renders the remote's relative routes under its base path", async () => {
    renderPortal('/anagrafica/prodotti');
    expect(await screen.findByRole('heading', { name: 'registry screen' })).toBeInTheDocument();
  });

  it('a failed remote shows a translated message; the rest of the portal works; Retry really retries', async () => {
    serveRemotes(['registry']);
    const portal = renderPortal('/anagrafica');

    const error = await screen.findByTestId('remote-error');
    expect(error).toHaveAttribute('role', 'alert');
    expect(error).toHaveTextContent('Il modulo «Anagrafiche» non è disponibile al momento.');

    // another section still loads
    await userEvent.click(screen.getByTestId('nav-operations'));
    expect(await screen.findByRole('heading', { name: 'operations hub' })).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('nav-registry'));
    expect(await screen.findByTestId('remote-error')).toBeInTheDocument();

    // the remote comes back: Retry loads it (a fresh lazy component, a fresh registration)
    serveRemotes();
    const calls = loadRemote.mock.calls.length;
    await userEvent.click(screen.getByRole('button', { name: 'Riprova' }));
    expect(await screen.findByRole('heading', { name: 'registry hub' })).toBeInTheDocument();
    expect(loadRemote.mock.calls.length).toBe(calls + 1);
    expect(registerRemotes).toHaveBeenLastCalledWith([{ name: 'registry', entry: 'http://localhost/mf/registry/mf-manifest.json' }], {
      force: true,
    });
    expect(screen.queryByTestId('remote-error')).not.toBeInTheDocument();
    expect(portal.path()).toBe('/anagrafica');
  });

  it('the failure message follows the language', async () => {
    serveRemotes(['reports']);
    renderPortal('/report');
    await screen.findByTestId('remote-error');
    await userEvent.selectOptions(screen.getByTestId('language-select'), 'fr');
    expect(screen.getByTestId('remote-error')).toHaveTextContent("Le module « Rapports » n'est pas disponible pour le moment.");
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
  });

  it('an unreachable /remotes.json is retried too', async () => {
    let up = false;
    server.use(
      http.get('*/remotes.json', () =>
        up ? HttpResponse.json({ users: '/mf/users/mf-manifest.json' }) : new HttpResponse(null, { status: 503 }),
      ),
    );
    renderPortal('/users');
    expect(await screen.findByTestId('remote-error')).toHaveTextContent('Il modulo «Utenti» non è disponibile');
    expect(loadRemote).not.toHaveBeenCalled();
    up = true;
    await userEvent.click(screen.getByTestId('remote-error-retry'));
    expect(await screen.findByRole('heading', { name: 'users hub' })).toBeInTheDocument();
  });

  it('a remote missing from /remotes.json fails inside its section only', async () => {
    server.use(http.get('*/remotes.json', () => HttpResponse.json({ registry: '/mf/registry/mf-manifest.json' })));
    renderPortal('/operazioni');
    expect(await screen.findByTestId('remote-error')).toHaveTextContent('Operazioni');
    await userEvent.click(screen.getByTestId('nav-registry'));
    expect(await screen.findByRole('heading', { name: 'registry hub' })).toBeInTheDocument();
  });

  it('a remote that crashes while rendering is contained as well', async () => {
    loadRemote.mockImplementation(async (id: string) => {
      if (id === 'users/App')
        return {
          default: () => {
            throw new Error('bug in the remote');
          },
        };
      return { default: fakeApp(id.split('/')[0]) };
    });
    renderPortal('/users');
    expect(await screen.findByTestId('remote-error')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('nav-home'));
    await waitFor(() => expect(screen.getByTestId('card-users')).toBeInTheDocument());
  });

  describe('a release that does not fit this portal (issue 24)', () => {
    const events: unknown[] = [];
    beforeEach(() => {
      events.length = 0;
      server.use(
        // operations' current release was built against the next major of the kit
        http.get('*/mf/operations/mf-manifest.json', () => HttpResponse.json(manifest('^2.0.0'))),
        http.post('*/api/client-events', async ({ request }) => {
          events.push(await request.json());
          return HttpResponse.json({}, { status: 201 });
        }),
      );
    });

    it('is not loaded: its section names the team, the event reaches the server once, the rest of the portal works', async () => {
      renderPortal('/operazioni');
      const message = await screen.findByTestId('remote-incompatible');
      expect(message).toHaveAttribute('role', 'alert');
      expect(message).toHaveTextContent(
        'Il modulo «Operazioni» richiede una versione più recente del portale e non è stato caricato. Contatta il team responsabile: Team Operazioni.',
      );
      expect(registerRemotes).not.toHaveBeenCalled();
      expect(loadRemote).not.toHaveBeenCalled();
      await waitFor(() => expect(events).toHaveLength(1));
      expect(events[0]).toEqual({
        kind: 'remoteIncompatible',
        remote: 'operations',
        manifestUrl: '/mf/operations/mf-manifest.json',
        buildVersion: '1.0.0',
        problems: [{ package: '@wms/shared-ui', required: '^2.0.0', provided: '1.4.0', needs: 'newer' }],
      });

      await userEvent.click(screen.getByTestId('nav-registry'));
      expect(await screen.findByRole('heading', { name: 'registry hub' })).toBeInTheDocument();
      await userEvent.click(screen.getByTestId('nav-operations'));
      expect(await screen.findByTestId('remote-incompatible')).toBeInTheDocument();
      expect(events).toHaveLength(1);
    });

    it('says it in French, and when the release needs an older portal', async () => {
      server.use(http.get('*/mf/operations/mf-manifest.json', () => HttpResponse.json(manifest('~1.2.0'))));
      renderPortal('/operazioni');
      await screen.findByTestId('remote-incompatible');
      await userEvent.selectOptions(screen.getByTestId('language-select'), 'fr');
      expect(screen.getByTestId('remote-incompatible')).toHaveTextContent(
        "Le module « Opérations » nécessite une version plus ancienne du portail et n'a pas été chargé. Contactez l'équipe responsable : Team Operazioni.",
      );
    });

    it('a rollback in remotes.json brings the section back on Retry, without reloading the page', async () => {
      renderPortal('/operazioni');
      await screen.findByTestId('remote-incompatible');
      // another section read /remotes.json meanwhile, before the rollback
      await userEvent.click(screen.getByTestId('nav-registry'));
      expect(await screen.findByRole('heading', { name: 'registry hub' })).toBeInTheDocument();
      await userEvent.click(screen.getByTestId('nav-operations'));
      await screen.findByTestId('remote-incompatible');
      server.use(
        http.get('*/remotes.json', () => HttpResponse.json({ ...REMOTES_JSON, operations: '/releases/operations/1.0.0/mf-manifest.json' })),
        http.get('*/releases/operations/1.0.0/mf-manifest.json', () => HttpResponse.json(manifest('^1.0.0'))),
      );
      await userEvent.click(screen.getByTestId('remote-incompatible-retry'));
      expect(await screen.findByRole('heading', { name: 'operations hub' })).toBeInTheDocument();
      expect(registerRemotes).toHaveBeenLastCalledWith(
        [{ name: 'operations', entry: 'http://localhost/releases/operations/1.0.0/mf-manifest.json' }],
        { force: false },
      );
    });
  });

  it('a canary release goes to the users remotes.json names, the rest keep the release in use', async () => {
    const canary = {
      manifest: '/releases/users/B/mf-manifest.json',
      canary: { manifest: '/releases/users/C/mf-manifest.json', users: ['admin'] },
    };
    server.use(http.get('*/remotes.json', () => HttpResponse.json({ ...REMOTES_JSON, users: canary })));
    renderPortal('/users');
    expect(await screen.findByRole('heading', { name: 'users hub' })).toBeInTheDocument();
    expect(registerRemotes).toHaveBeenLastCalledWith([{ name: 'users', entry: 'http://localhost/releases/users/C/mf-manifest.json' }], {
      force: false,
    });
  });

  it('someone else signing in on the same page gets their own release', async () => {
    const canary = {
      manifest: '/releases/users/B/mf-manifest.json',
      canary: { manifest: '/releases/users/C/mf-manifest.json', users: ['admin'] },
    };
    server.use(http.get('*/remotes.json', () => HttpResponse.json({ ...REMOTES_JSON, users: canary })));
    signInAs('direction');
    renderPortal('/users');
    expect(await screen.findByRole('heading', { name: 'users hub' })).toBeInTheDocument();
    expect(registerRemotes).toHaveBeenLastCalledWith([{ name: 'users', entry: 'http://localhost/releases/users/B/mf-manifest.json' }], {
      force: false,
    });
  });
});
