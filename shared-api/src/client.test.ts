import { AxiosError } from 'axios';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { api, apiError, isTimeout, MissingTokenError, setLanguageProvider, setUnauthorizedHandler } from './client';
import { getToken, getUser, saveSession } from './session';

const seen: { auth: string | null; lang: string | null }[] = [];
const server = setupServer(
  http.post('*/api/auth/login', ({ request }) => {
    seen.push({ auth: request.headers.get('authorization'), lang: request.headers.get('accept-language') });
    return HttpResponse.json({ error: 'Credenziali non valide', code: 'INVALID_CREDENTIALS' }, { status: 401 });
  }),
  http.get('*/api/things', ({ request }) => {
    seen.push({ auth: request.headers.get('authorization'), lang: request.headers.get('accept-language') });
    return HttpResponse.json([1, 2]);
  }),
  http.get('*/api/expired', () => HttpResponse.json({ error: 'Sessione scaduta', code: 'UNAUTHORIZED' }, { status: 401 })),
);

const redirected = jest.fn();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  seen.length = 0;
  redirected.mockReset();
  setUnauthorizedHandler(redirected);
  setLanguageProvider(() => 'it');
});
afterAll(() => server.close());

const user = { id: 1, username: 'admin', name: 'Admin', role: 'admin' as const };

describe('api client', () => {
  it('sends the stored bearer token and the UI language', async () => {
    saveSession('tok-123', user);
    setLanguageProvider(() => 'fr');
    const res = await api.get('/things');
    expect(res.data).toEqual([1, 2]);
    expect(seen[0]).toEqual({ auth: 'Bearer tok-123', lang: 'fr' });
  });

  it('refuses to call without a token, before anything is sent', async () => {
    await expect(api.get('/things')).rejects.toBeInstanceOf(MissingTokenError);
    expect(seen).toHaveLength(0);
    expect(redirected).toHaveBeenCalled();
  });

  it('lets sign-in through without a token, and a 401 there does not redirect', async () => {
    const err = await api.post('/auth/login', { username: 'x', password: 'y' }).catch((e) => e);
    expect(apiError(err)).toEqual({ error: 'Credenziali non valide', code: 'INVALID_CREDENTIALS' });
    expect(seen[0].auth).toBeNull();
    expect(redirected).not.toHaveBeenCalled();
  });

  it('on a 401 removes token and user and goes to /login', async () => {
    saveSession('tok-old', user);
    await expect(api.get('/expired')).rejects.toBeTruthy();
    expect(getToken()).toBeNull();
    expect(getUser()).toBeNull();
    expect(redirected).toHaveBeenCalledTimes(1);
  });

  it('uses a 15 s default timeout and recognises a timed-out call', () => {
    expect(api.defaults.timeout).toBe(15000);
    expect(isTimeout(new AxiosError('timeout of 30000ms exceeded', 'ECONNABORTED'))).toBe(true);
    expect(isTimeout(new AxiosError('Network Error', 'ERR_NETWORK'))).toBe(false);
  });
});
