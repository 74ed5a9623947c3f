import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import type { ActivityView, UserView } from '@wms/shared-api';

/**
 * An in-memory users API for the screens' tests: the calls of SPEC §7 over `fake.users` and `fake.activities`, each
 * request recorded in `fake.requests`. Tests change answers with `server.use(...)`.
 */
export interface RecordedRequest {
  method: string;
  path: string;
  search: string;
  body: unknown;
}

export const fake = {
  users: [] as UserView[],
  activities: {} as Record<number, ActivityView[]>,
  requests: [] as RecordedRequest[],
  nextId: 100,
};

export function user(over: Partial<UserView> & Pick<UserView, 'id' | 'username'>): UserView {
  return {
    name: `Nome ${over.username}`,
    role: 'warehouse',
    is_active: true,
    is_online: false,
    last_login: null,
    created_at: '2025-01-10T08:00:00.000Z',
    updated_at: '2025-01-10T08:00:00.000Z',
    ...over,
  };
}

export function activity(id: number, over: Partial<ActivityView> = {}): ActivityView {
  return {
    id,
    action: 'login',
    entity_type: 'auth',
    entity_id: null,
    details: null,
    subject: null,
    fields: [],
    created_at: new Date(Date.UTC(2025, 2, 1, 9, 0) - id * 60_000).toISOString(),
    ...over,
  };
}

export function resetFake(): void {
  fake.users = [
    user({ id: 1, username: 'admin', name: 'Ada Admin', role: 'admin', is_online: true, last_login: '2025-03-04T09:30:00.000Z' }),
    user({ id: 2, username: 'mario', name: 'Mario Rossi', role: 'warehouse', is_active: true }),
    user({ id: 3, username: 'giulia', name: 'Giulia Verdi', role: 'sales', is_active: false, last_login: '2025-02-01T17:05:00.000Z' }),
  ];
  fake.activities = {};
  fake.requests = [];
  fake.nextId = 100;
}

async function record(request: Request, path: string): Promise<unknown> {
  const text = request.method === 'GET' ? '' : await request.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  const url = new URL(request.url);
  fake.requests.push({ method: request.method, path, search: url.search, body });
  return body;
}

const notFound = () => HttpResponse.json({ error: 'Utente non trovato', code: 'USER_NOT_FOUND' }, { status: 404 });

export const server = setupServer(
  http.get('*/api/users', async ({ request }) => {
    await record(request, '/users');
    return HttpResponse.json(fake.users, { headers: { 'X-Total-Count': String(fake.users.length) } });
  }),
  http.get('*/api/users/:id', async ({ request, params }) => {
    await record(request, `/users/${params.id}`);
    const u = fake.users.find((x) => String(x.id) === params.id);
    return u ? HttpResponse.json(u) : notFound();
  }),
  http.get('*/api/users/:id/activities', async ({ request, params }) => {
    await record(request, `/users/${params.id}/activities`);
    const url = new URL(request.url);
    const limit = parseInt(url.searchParams.get('limit') ?? '50', 10);
    const offset = parseInt(url.searchParams.get('offset') ?? '0', 10);
    const all = fake.activities[parseInt(String(params.id), 10)] ?? [];
    return HttpResponse.json(all.slice(offset, offset + limit), { headers: { 'X-Total-Count': String(all.length) } });
  }),
  http.post('*/api/users', async ({ request }) => {
    const body = (await record(request, '/users')) as Record<string, unknown>;
    const created = user({
      id: fake.nextId++,
      username: String(body.username),
      name: String(body.name),
      role: body.role as UserView['role'],
    });
    fake.users.push(created);
    return HttpResponse.json(created as unknown as JsonBodyType, { status: 201 });
  }),
  http.put('*/api/users/:id', async ({ request, params }) => {
    const body = (await record(request, `/users/${params.id}`)) as Record<string, unknown>;
    const u = fake.users.find((x) => String(x.id) === params.id);
    if (!u) return notFound();
    Object.assign(u, { username: body.username, name: body.name, role: body.role, is_active: body.is_active });
    return HttpResponse.json(u as unknown as JsonBodyType);
  }),
  http.delete('*/api/users/:id', async ({ request, params }) => {
    await record(request, `/users/${params.id}`);
    const before = fake.users.length;
    fake.users = fake.users.filter((x) => String(x.id) !== params.id);
    return fake.users.length < before
      ? HttpResponse.json({ message: 'Utente eliminato', id: parseInt(String(params.id), 10) })
      : notFound();
  }),
);

/** The requests of one method (and path, when given). */
export function requestsOf(method: string, path?: string): RecordedRequest[] {
  return fake.requests.filter((r) => r.method === method && (path === undefined || r.path === path));
}
