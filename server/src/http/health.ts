import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, common } from './errors';

/** A database answer younger than this (to any caller) is taken as proof that the database is up. */
export const HEALTH_FRESH_MS = 1000;

/**
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
      if (answeredRecently()) return ok;
      try {
        await checkDb();
      } catch (err) {
        request.log.error({ err }, 'health: database unreachable');
        throw new AppError(503, 'DB_UNAVAILABLE', common.unavailable);
      }
      return ok;
    },
  );
};
