import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientEventListQuery, clientEventSchema, clientEventViewSchema } from '@wms/shared-api';
import { z } from 'zod';
import { scheduleJob } from '../db/jobs';
import { AppError } from '../http/errors';
import { sendPage } from '../http/page';
import { countClientRemoteFailure } from '../metrics/counters';
import { clientEventMessages as msg } from './messages';
import { CLIENT_EVENTS_MAX, CLIENT_EVENTS_WINDOW_MS, databaseRateStore } from './rate';
import * as sql from './sql';

/**
 * POST /client-events (any signed-in user: the shell reports a remote it refused to load, issue 24; at most
 * CLIENT_EVENTS_MAX per user and window, counted in the database) and GET /client-events (admins: newest first, each
 * naming the remote).
 */
export const clientEventRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const tags = ['client-events'];
  await app.register(rateLimit, { global: false, store: databaseRateStore(db, app.now) });
  // Old events and ended rate windows go once a day, once across every app server sharing the database (db/jobs.ts).
  scheduleJob(app, db, {
    name: 'client-events-prune',
    firstDelayMs: 60_000,
    intervalMs: 24 * 60 * 60 * 1000,
    work: (q) => sql.pruneClientEvents(q, app.now()),
  });

  app.post(
    '/client-events',
    {
      config: {
        rateLimit: {
          max: CLIENT_EVENTS_MAX,
          timeWindow: CLIENT_EVENTS_WINDOW_MS,
          // after the guard (the user) and the body's validation: a refused body is not counted
          hook: 'preHandler',
          keyGenerator: (request) => `user:${request.user.id}`,
          errorResponseBuilder: (_request, context) =>
            new AppError(429, 'TOO_MANY_CLIENT_EVENTS', msg.tooMany, { minutes: Math.max(1, Math.ceil(context.ttl / 60_000)) }),
        },
      },
      schema: {
        tags,
        summary: 'Report what the browser saw (a remote refused as incompatible with this portal); rate limited per user',
        body: clientEventSchema,
        response: { 201: clientEventViewSchema },
      },
    },
    async (request, reply) => {
      const id = await sql.insertClientEvent(db, request.body, request.user.id);
      countClientRemoteFailure(request.body.kind, request.body.remote);
      request.log.warn({ remote: request.body.remote, problems: request.body.problems }, 'client event: remote incompatible');
      return reply.code(201).send(await sql.getClientEvent(db, id));
    },
  );

  app.get(
    '/client-events',
    {
      config: { permission: 'users' },
      schema: {
        tags,
        summary: 'Events reported by browsers, newest first (remote: one remote only); total in X-Total-Count',
        querystring: clientEventListQuery,
        response: { 200: z.array(clientEventViewSchema) },
      },
    },
    async (request, reply) => sendPage(reply, await sql.listClientEvents(db, request.query)),
  );
};
