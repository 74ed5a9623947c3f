import { buildApp } from './app';
import { passwordStrengthProblem } from '@wms/shared-api/password-strength';
import { ensureAdmin, passwordBox } from './auth/bootstrap';
import { loadConfig } from './config';
import { openDb } from './db';
import { seedDemo } from './seed/seed-demo';

/**
 * Where pino writes: synchronously to stdout, so start-up warnings and the sign-in line below come out in order; pretty
 * and coloured for a person at a terminal (pino-pretty, when installed), JSON lines otherwise (files, containers).
 */
function logStream(): NodeJS.WritableStream {
  if (process.stdout.isTTY) {
    try {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- optional dev dependency, loaded only on a TTY
      const pretty = require('pino-pretty') as (opts: Record<string, unknown>) => NodeJS.WritableStream;
      return pretty({ translateTime: 'HH:MM:ss', ignore: 'pid,hostname', sync: true });
    } catch {
      // not installed (production install without dev dependencies): plain JSON
    }
  }
  return process.stdout;
}

async function main(): Promise<void> {
  const config = loadConfig();
  const db = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const admin = await ensureAdmin(db, config.adminPassword);
  if (admin.generatedPassword) console.log(`\n${passwordBox(admin.generatedPassword)}\n`);
  // ADMIN_PASSWORD is the operator's choice (not refused), but a guessable one is said once (issue 23).
  if (admin.created && config.adminPassword) {
    const weak = passwordStrengthProblem(config.adminPassword.normalize('NFC'), ['admin', 'Amministratore']);
    if (weak) console.warn(`ADMIN_PASSWORD is easy to guess (${weak}): sign in and change it from the user form.`);
  }
  // SEED_DEMO=1: load the demo company (idempotent) before serving — the way to get demo data into a running PGlite.
  if (process.env.SEED_DEMO === '1') console.log(`Demo data: ${JSON.stringify(await seedDemo(db))} added`);

  const app = await buildApp({ db, config, logger: { level: config.logLevel, stream: logStream() }, serveWeb: true });

  // Graceful shutdown (rolling restarts behind a balancer): /api/ready answers 503 at once; after SHUTDOWN_DELAY_MS
  // (the balancer's time to notice, 0 by default) the server stops taking connections and waits for the requests in
  // flight (app.close(): keep-alive connections end after their current request), closes the database and exits 0. A
  // second signal, or SHUTDOWN_TIMEOUT_MS without finishing, exits 1 at once.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) {
      app.log.warn(`${signal} again: exiting without waiting`);
      process.exit(1);
    }
    closing = true;
    app.readiness.shuttingDown = true;
    app.log.info(`${signal}: shutting down`);
    setTimeout(() => {
      app.log.error(`shutdown took longer than ${config.shutdownTimeoutMs} ms: exiting`);
      process.exit(1);
    }, config.shutdownTimeoutMs).unref();
    try {
      if (signal === 'SIGTERM' && config.shutdownDelayMs > 0) await new Promise((r) => setTimeout(r, config.shutdownDelayMs));
      await app.close();
      await db.close();
      app.log.info('shut down');
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  // ADMIN_PASSWORD only matters when it created the admin; afterwards the stored password rules.
  const how = admin.generatedPassword ? 'printed above' : admin.created ? 'from ADMIN_PASSWORD' : 'set at first start';
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
  console.log(`\nWMS portal: http://localhost:${config.port} — sign in as admin (password: ${how}) · database: ${where}\n`);
  const metricsPort = app.metrics?.port();
  if (metricsPort) console.log(`Metrics: http://${config.metricsHost}:${metricsPort}/metrics\n`);
}

main().catch((err: unknown) => {
  console.error('WMS server failed to start:', err);
  process.exit(1);
});
