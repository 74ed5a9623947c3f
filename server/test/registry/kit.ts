/** Shared by the registry API tests: request shortcuts, valid bodies, and a snapshot to prove a refusal changed nothing. */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Db } from '../../src/db';
import type { TestApp } from '../helpers';

let seq = 0;
export const unique = (prefix: string) => `${prefix}-${process.pid}-${++seq}`;

export type Headers = Record<string, string>;

export function caller(t: TestApp, headers: Headers) {
  const call = (method: InjectOptions['method'], url: string, payload?: unknown, extra: Headers = {}): Promise<LightMyRequestResponse> =>
    t.app.inject({
      method,
      url: `/api${url}`,
      headers: { ...headers, ...extra },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return {
    headers,
    get: (url: string, extra?: Headers) => call('GET', url, undefined, extra),
    post: (url: string, body: unknown, extra?: Headers) => call('POST', url, body, extra),
    put: (url: string, body: unknown, extra?: Headers) => call('PUT', url, body, extra),
    del: (url: string, body?: unknown, extra?: Headers) => call('DELETE', url, body, extra),
  };
}
export type Caller = ReturnType<typeof caller>;

export const productBody = (o: Record<string, unknown> = {}) => ({
  code: unique('P'),
  description: 'Vite testa esagonale M8',
  category: 'Viteria',
  currency: 'EUR',
  unit_of_measure: 'piece',
  ...o,
});

export const warehouseBody = (o: Record<string, unknown> = {}) => ({
  name: unique('Magazzino'),
  description: 'Deposito',
  is_active: true,
  ...o,
});

export const partyBody = (o: Record<string, unknown> = {}) => ({
  business_name: unique('Ditta'),
  vat_number: '01234567897',
  address: 'Via Roma 1',
  city: 'Torino',
  province: 'TO',
  zip_code: '10121',
  country: 'Italia',
  email: 'info@ditta.it',
  phone: '011 1234567',
  ...o,
});

/** Everything a registry write can touch, to compare before and after a refused call. */
export async function snapshot(db: Db): Promise<string> {
  const tables = ['products', 'warehouses', 'suppliers', 'customers', 'activity_log'];
  const parts: unknown[] = [];
  for (const table of tables) parts.push((await db.query(`SELECT * FROM ${table} ORDER BY id`)).rows);
  return JSON.stringify(parts);
}

/** A string of `n` characters. */
export const long = (n: number) => 'x'.repeat(n);

/** Text that looks like SQL: must be stored and returned exactly as sent. */
export const SQLISH = `Robert'); DROP TABLE products; -- %_\\ "quoted" ;SELECT 1`;

export async function lastActivity(db: Db, entityType: string) {
  const { rows } = await db.query<{ user_id: number; action: string; entity_id: string; details: string }>(
    'SELECT user_id, action, entity_id, details FROM activity_log WHERE entity_type = $1 ORDER BY id DESC LIMIT 1',
    [entityType],
  );
  return rows[0];
}
