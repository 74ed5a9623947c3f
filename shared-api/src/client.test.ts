import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { api, apiError, apiStatus, ApiError, isTimeout, MissingTokenError, setLanguageProvider, setUnauthorizedHandler } from './client';
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
  http.get('*/api/slow', async () => {
    await new Promise((r) => setTimeout(r, 1000));
    return HttpResponse.json({});
  }),
  http.get('*/api/echo', ({ request }) => {
    const q: Record<string, string[]> = {};
    new URL(request.url).searchParams.forEach((v, k) => (q[k] = [...(q[k] ?? []), v]));
    return HttpResponse.json({ q }, { headers: { 'X-Total-Count': '7' } });
  }),
  http.put('*/api/echo', async ({ request }) => {
    const type = request.headers.get('content-type');
    return HttpResponse.json({ body: await request.json(), type, key: request.headers.get('idempotency-key') });
  }),
  http.delete('*/api/echo', async ({ request }) => HttpResponse.json({ body: await request.json() })),
  http.get(
    '*/api/file.csv',
    () =>
      new HttpResponse('a;b\n1;2\n', { headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="file.csv"' } }),
  ),
  http.get('*/api/refused', () => HttpResponse.json({ error: 'Già in uso', code: 'CONFLICT' }, { status: 409 })),
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

  it('uses a 15 s default timeout and recognises a timed-out call', async () => {
    expect(api.defaults.timeout).toBe(15000);
    saveSession('tok-123', user);
    const err = await api.get('/slow', { timeout: 50 }).catch((e) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(isTimeout(err)).toBe(true);
    expect(apiStatus(err)).toBeUndefined();
    expect(isTimeout(new ApiError('Network Error', 'ERR_NETWORK', { method: 'GET', url: '/x' }))).toBe(false);
  });

  it('serialises params, sends JSON bodies and returns data, status and lower-case headers', async () => {
    saveSession('tok-123', user);
    const res = await api.get<{ q: Record<string, string[]> }>('/echo', {
      params: { q: 'a b', page: 2, gone: undefined, none: null, ok: true },
    });
    expect(res.status).toBe(200);
    expect(res.data.q).toEqual({ q: ['a b'], page: ['2'], ok: ['true'] });
    expect(res.headers['x-total-count']).toBe('7');
    const put = await api.put<{ body: unknown; type: string | null }>('/echo', { name: 'x' }, { headers: { 'Idempotency-Key': 'k1' } });
    expect(put.data).toEqual({ body: { name: 'x' }, type: 'application/json', key: 'k1' });
    const del = await api.delete<{ body: unknown }>('/echo', { data: { deleted_by: 'admin' } });
    expect(del.data.body).toEqual({ deleted_by: 'admin' });
  });

  it('reads a download as a Blob, and a failed call as the server error whatever the response type', async () => {
    saveSession('tok-123', user);
    const res = await api.get<Blob>('/file.csv', { responseType: 'blob' });
    expect(await res.data.text()).toBe('a;b\n1;2\n');
    expect(res.headers['content-disposition']).toContain('file.csv');
    const err = await api.get('/refused', { responseType: 'blob' }).catch((e) => e);
    expect(apiStatus(err)).toBe(409);
    expect(apiError(err)).toEqual({ error: 'Già in uso', code: 'CONFLICT' });
    expect(err.response.data).toEqual({ error: 'Già in uso', code: 'CONFLICT' });
    expect(redirected).not.toHaveBeenCalled();
  });

  it('a record read with an ETag is written back with If-Match, and the edit answers the next one', async () => {
    saveSession('tok-123', user);
    let version = 1;
    const ifMatch: (string | null)[] = [];
    server.use(
      http.get('*/api/records/:id', () => HttpResponse.json({}, { headers: { ETag: `"v${version}"` } })),
      http.put('*/api/records/:id', ({ request }) => {
        ifMatch.push(request.headers.get('if-match'));
        if (request.headers.get('if-match') !== `"v${version}"`) {
          return HttpResponse.json({ error: 'Modificato da altri', code: 'RECORD_CHANGED' }, { status: 412 });
        }
        version += 1;
        return HttpResponse.json({}, { headers: { ETag: `"v${version}"` } });
      }),
    );
    await api.put('/records/2', {}).catch(() => undefined); // never read: sent without a precondition
    await api.get('/records/1');
    await api.put('/records/1', {});
    await api.put('/records/1', {}); // its own save's ETag: no false conflict on a second save
    version = 9; // someone else saved
    const err = await api.put('/records/1', {}).catch((e: unknown) => e);
    expect(apiStatus(err)).toBe(412);
    expect(apiError(err)?.code).toBe('RECORD_CHANGED');
    expect(ifMatch).toEqual([null, '"v1"', '"v2"', '"v3"']);
  });

  it('an aborted call rejects as canceled, not as a timeout', async () => {
    saveSession('tok-123', user);
    const controller = new AbortController();
    const pending = api.get('/slow', { signal: controller.signal }).catch((e) => e);
    controller.abort();
    const err = await pending;
    expect(err.code).toBe('ERR_CANCELED');
    expect(isTimeout(err)).toBe(false);
  });
});
