import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, common } from './errors';

/**
 * GET /health: public liveness and database check, for load balancers and the start script.
 *
 * Probes that arrive while a database check is in flight share it (single flight): 50 load-balancer probes at once cost
 * one `SELECT 1`, not 50 queued behind the pool — every answer still reflects a check that ended after the probe arrived
 * or was running when it did, never a remembered one.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  let inFlight: Promise<unknown> | null = null;
  const checkDb = () => {
    inFlight ??= app.db.query('SELECT 1').finally(() => {
      inFlight = null;
    });
    return inFlight;
  };

  app.get(
    '/health',
    {
      config: { public: true },
      schema: {
        tags: ['system'],
        summary: 'Server and database are up',
        security: [],
        response: { 200: z.object({ status: z.literal('ok'), db: z.enum(['pg', 'pglite']) }) },
      },
    },
    async (request) => {
      try {
        await checkDb();
      } catch (err) {
        request.log.error({ err }, 'health: database unreachable');
        throw new AppError(503, 'DB_UNAVAILABLE', common.unavailable);
      }
      return { status: 'ok' as const, db: app.db.kind };
    },
  );
};
