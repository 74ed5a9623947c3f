import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { signInAs } from '../testing';
import { recordApi } from './record-api';

const calls: { method: string; url: string; body: unknown }[] = [];
const server = setupServer(
  http.all('*/api/things*', async ({ request }) => {
    const text = await request.text();
    calls.push({ method: request.method, url: new URL(request.url).pathname, body: text ? JSON.parse(text) : null });
    return HttpResponse.json({ id: 7, name: 'x' });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  calls.length = 0;
  signInAs('admin');
});
afterAll(() => server.close());

describe('recordApi: the read / save / delete calls of a registry (SPEC §7)', () => {
  const things = recordApi<{ id: number; name: string }, { name: string }>('/things', { deleted_at: null });

  it('creates with created_by when there is no id, updates with modified_by when there is one', async () => {
    await things.save(null, { name: 'a' }, 3);
    await things.save(7, { name: 'b' });
    expect(calls).toEqual([
      { method: 'POST', url: '/api/things', body: { name: 'a', deleted_at: null, created_by: 3 } },
      { method: 'PUT', url: '/api/things/7', body: { name: 'b', deleted_at: null, modified_by: null } },
    ]);
  });

  it('reads one by an id it encodes, and deletes with deleted_by (the user id, else "system")', async () => {
    expect(await things.fetchOne('a/b')).toEqual({ id: 7, name: 'x' });
    await things.remove(7, 3);
    await things.remove(8);
    expect(calls).toEqual([
      { method: 'GET', url: '/api/things/a%2Fb', body: null },
      { method: 'DELETE', url: '/api/things/7', body: { deleted_by: 3 } },
      { method: 'DELETE', url: '/api/things/8', body: { deleted_by: 'system' } },
    ]);
  });
});
