import { buildApp, type App } from '../server/src/app';
import type { Db } from '../server/src/db';

/**
 * The benchmarks that measure over HTTP (orders, sales, transfers, inventory, barcodes): the real app on `db`, listening
 * on a free port of 127.0.0.1, and a session of `user` (created by the benchmark's seed).
 */
export async function serveAndSignIn(
  db: Db,
  user: { username: string; password: string },
): Promise<{ app: App; base: string; token: string }> {
  const app = await buildApp({ db });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api`;
  const login = await fetch(`${base}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(user),
  });
  if (!login.ok) throw new Error(`sign-in of ${user.username} failed: ${login.status} ${await login.text()}`);
  const { token } = (await login.json()) as { token: string };
  return { app, base, token };
}
