import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, common } from './errors';

/** GET /health: public liveness and database check, for load balancers and the start script. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
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
        await app.db.query('SELECT 1');
      } catch (err) {
        request.log.error({ err }, 'health: database unreachable');
        throw new AppError(503, 'DB_UNAVAILABLE', common.unavailable);
      }
      return { status: 'ok' as const, db: app.db.kind };
    },
  );
};
