/**
 * TRUST_PROXY: behind a reverse proxy the sign-in throttle must count each client, not the proxy; without it, a client
 * cannot dodge the per-address counter by inventing X-Forwarded-For headers.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADDRESS_MAX_FAILURES } from '../../src/auth/throttle';
import { makeTestApp, type TestApp } from '../helpers';

jest.setTimeout(180_000);

const PROXY = '10.99.0.1';

async function sprayThenTry(t: TestApp, forwardedFor: (i: number) => string) {
  for (let i = 0; i < ADDRESS_MAX_FAILURES; i++) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: PROXY,
      headers: { 'x-forwarded-for': forwardedFor(i) },
      payload: { username: `sprayed_${i}`, password: 'Summer-2024' },
    });
    expect(res.statusCode).toBe(401);
  }
  const user = await t.createUser('sales');
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: PROXY,
    headers: { 'x-forwarded-for': '203.0.113.77' },
    payload: { username: user.username, password: user.password },
  });
}

describe('TRUST_PROXY', () => {
  it('set to the proxy: one client spraying behind it is limited, another client behind the same proxy signs in', async () => {
    const t = await makeTestApp({ config: { trustProxy: [PROXY] } });
    try {
      const other = await sprayThenTry(t, () => '198.51.100.5');
      expect(other.statusCode).toBe(200);
      const blocked = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: PROXY,
        headers: { 'x-forwarded-for': '198.51.100.5' },
        payload: { username: 'anyone', password: 'x' },
      });
      expect(blocked.statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });

  it('a hop count (TRUST_PROXY=1) trusts the proxy in front: the client address is the last one it forwarded', async () => {
    const whoami: FastifyPluginAsyncZod = async (app) => {
      app.get('/whoami', { config: { public: true } }, async (request) => ({ ip: request.ip }));
    };
    const t = await makeTestApp({ config: { trustProxy: 1 }, domains: [{ name: 'whoami', routes: whoami }] });
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/whoami',
        remoteAddress: PROXY,
        headers: { 'x-forwarded-for': '192.0.2.1, 198.51.100.9' },
      });
      expect(res.json()).toEqual({ ip: '198.51.100.9' });
    } finally {
      await t.close();
    }
  });

  it('off (default): X-Forwarded-For is ignored, so invented addresses do not reset the counter of the real peer', async () => {
    const t = await makeTestApp();
    try {
      const res = await sprayThenTry(t, (i) => `198.51.100.${i + 1}`);
      expect(res.statusCode).toBe(429);
      expect(res.json().code).toBe('TOO_MANY_ATTEMPTS_FROM_ADDRESS');
    } finally {
      await t.close();
    }
  });
});
