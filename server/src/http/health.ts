import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pendingMigrations } from '../db';
import { AppError, common, type Bilingual } from './errors';

const readinessMessages = {
  shuttingDown: { it: 'Server in arresto: usa un altro server', fr: "Serveur en cours d'arrêt : utilisez un autre serveur" },
  migrationsPending: {
    it: 'Il database non ha ancora tutte le migrazioni di questo server',
    fr: "La base de données n'a pas encore toutes les migrations de ce serveur",
  },
} satisfies Record<string, Bilingual>;

/**
 * Whether this server should receive traffic (GET /api/ready): false from the moment it starts shutting down (main.ts on
 * SIGTERM / SIGINT, or any `app.close()`), for good.
 */
export class Readiness {
  shuttingDown = false;
  /** Set once every migration file was seen applied: files never disappear from a database, so it stays true. */
  migrationsApplied = false;
}

/** A database answer younger than this (to any caller) is taken as proof that the database is up. */
export const HEALTH_FRESH_MS = 1000;

/**
 * GET /ready: public readiness, for a load balancer choosing where to send requests (see Readiness): 503 SHUTTING_DOWN,
 * MIGRATIONS_PENDING (the database lacks a migration file of this server's: the first look at schema_migrations that
 * finds them all is remembered, later probes only check the database as /health does) or DB_UNAVAILABLE; else 200.
 *
 * GET /health: public liveness and database check, for load balancers and the start script.
 *
 * "The database is up" means it answered a statement within the last HEALTH_FRESH_MS (`db.answeredAt()`, set by every
 * successful query of the server, whoever sent it); otherwise the probe runs its own `SELECT 1`. On a busy server the
 * answer is therefore immediate — the embedded database has ONE backend, and a probe queued behind 50 list queries
 * answered in seconds; what it tells is still true: that engine answered within the last second, and an engine that
 * stops answering is caught at the latest a second after its last answer (then the probe waits for its own check, and
 * a failed check is 503).
 *
 * Probes that arrive while a database check is in flight share it (single flight): 50 load-balancer probes at once cost
 * one `SELECT 1`, not 50 queued behind the pool — every answer reflects a check that ended after the probe arrived or was
 * running when it did.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  let inFlight: Promise<unknown> | null = null;
  const checkDb = () => {
    inFlight ??= app.db.query('SELECT 1').finally(() => {
      inFlight = null;
    });
    return inFlight;
  };
  const answeredRecently = () => {
    const at = app.db.answeredAt?.() ?? 0;
    return at > 0 && performance.now() - at < HEALTH_FRESH_MS;
  };
  const ok = { status: 'ok' as const, db: app.db.kind };
  const ready = { status: 'ready' as const, db: app.db.kind };
  const dbUp = async (request: { log: { error(o: object, m: string): void } }) => {
    if (answeredRecently()) return;
    try {
      await checkDb();
    } catch (err) {
      request.log.error({ err }, 'health: database unreachable');
      throw new AppError(503, 'DB_UNAVAILABLE', common.unavailable);
    }
  };
  // Concurrent readiness probes share one look at schema_migrations until it has found everything applied.
  let migrationsCheck: Promise<string[]> | null = null;
  const checkMigrations = () => {
    migrationsCheck ??= pendingMigrations(app.db).finally(() => {
      migrationsCheck = null;
    });
    return migrationsCheck;
  };

  app.get(
    '/health',
    {
      config: { public: true },
      schema: {
        tags: ['system'],
        summary: 'Server and database are up (the database answered within the last second, or answers a probe now)',
        security: [],
        response: { 200: z.object({ status: z.literal('ok'), db: z.enum(['pg', 'pglite']) }) },
      },
    },
    async (request) => {
      await dbUp(request);
      return ok;
    },
  );

  app.get(
    '/ready',
    {
      config: { public: true },
      schema: {
        tags: ['system'],
        summary: 'Ready for traffic: the database answers, every migration is applied, the server is not shutting down (else 503)',
        security: [],
        response: { 200: z.object({ status: z.literal('ready'), db: z.enum(['pg', 'pglite']) }) },
      },
    },
    async (request) => {
      const readiness = app.readiness;
      if (readiness.shuttingDown) throw new AppError(503, 'SHUTTING_DOWN', readinessMessages.shuttingDown);
      if (!readiness.migrationsApplied) {
        let pending: string[];
        try {
          pending = await checkMigrations();
        } catch (err) {
          request.log.error({ err }, 'ready: database unreachable');
          throw new AppError(503, 'DB_UNAVAILABLE', common.unavailable);
        }
        if (pending.length > 0) throw new AppError(503, 'MIGRATIONS_PENDING', readinessMessages.migrationsPending);
        readiness.migrationsApplied = true;
      } else {
        await dbUp(request);
      }
      if (readiness.shuttingDown) throw new AppError(503, 'SHUTTING_DOWN', readinessMessages.shuttingDown);
      return ready;
    },
  );
};
