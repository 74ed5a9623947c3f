import Fastify, { type FastifyError, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { installPasswordStrengthCheck } from '@wms/shared-api/password-strength';
import { loadConfig, type Config } from './config';
import type { Db } from './db';
import { authGuard } from './auth/guard';
import { followRevocations, SessionCache } from './auth/sessions';
import { domains as defaultDomains, type Domain } from './domains';
import { answerClientError, describeError, installErrorHandler, notFoundBody } from './http/error-handler';
import { healthRoutes, Readiness } from './http/health';
import { scheduleIdempotencyKeyPruning } from './http/idempotency';
import { installJsonParser } from './http/json-parser';
import { installTextGuard } from './http/text-guard';
import { withLogRedaction } from './http/logging';
import { registerSecurityHeaders } from './http/security-headers';
import { installVersions } from './http/versions';
import { registerOpenApi } from './http/openapi';
import { zodValidatorCompiler } from './http/validation';
import { schemaSerializerCompiler } from './http/serializer';
import { registerMetrics, type Metrics } from './metrics/plugin';
import { registerCompression } from './web/compress';
import { isSpaNavigation, registerWeb, sendSpaIndex, webLayout } from './web/serve';

declare module 'fastify' {
  interface FastifyInstance {
    /** The database, for every domain plugin: `app.db.tx(async (q) => …)`. */
    db: Db;
    config: Config;
    /**
     * The short cache of live sessions behind authGuard. Whatever ends a session or changes a user announces it in its
     * transaction (auth/sessions.ts: revokeSession, revokeUserSessions, announceUserChange — heard by every server on
     * PostgreSQL) and calls `app.sessions.forgetSession(id)` / `app.sessions.forgetUser(userId)` after it commits.
     */
    sessions: SessionCache;
    /** Milliseconds since the epoch for time-based rules (the sign-in throttle's delays and windows); tests move it. */
    now: () => number;
    /** GET /api/ready's state: `shuttingDown` is set by main.ts on SIGTERM and by any close (preClose hook). */
    readiness: Readiness;
    /** /metrics (metrics/plugin.ts) when METRICS_TOKEN or METRICS_PORT allows it; null otherwise. */
    metrics: Metrics | null;
  }
}

export interface BuildAppOptions {
  db: Db;
  /** Overrides of the defaults (which ignore the environment; main.ts passes loadConfig()). */
  config?: Partial<Config>;
  /** Fastify/pino logger options; off when omitted (tests). */
  logger?: FastifyServerOptions['logger'];
  /** Also serve the built shell, remotes, releases and remotes.json (main.ts; tests of the web part). */
  serveWeb?: boolean;
  /** Domain plugins registered after the standard ones (tests register throw-away routes this way). */
  domains?: Domain[];
  /** The clock of the sign-in throttle (default `Date.now`): tests of its delays step it instead of sleeping. */
  now?: () => number;
}

/** Largest request body accepted (JSON forms); beyond it 413. */
const BODY_LIMIT = 1024 * 1024;

/** A hop count as the equivalent function (trust the first n hops): Fastify's types have no number form. */
function trustProxyOption(trust: Config['trustProxy']) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

/** The whole server as a ready Fastify instance: call `listen` (main.ts) or `inject` (tests). */
export async function buildApp(opts: BuildAppOptions) {
  const config: Config = { ...loadConfig({}), ...opts.config };
  const app = Fastify({
    logger: withLogRedaction(opts.logger),
    bodyLimit: BODY_LIMIT,
    trustProxy: trustProxyOption(config.trustProxy),
    // Malformed URLs are refused by the router before any handler: answer them as JSON like everything else.
    frameworkErrors: (err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
      const { status, body } = describeError(err, request);
      void reply.code(status).send(body);
    },
    // Requests Node's parser refuses (431 headers too large, 400, 408) get the same JSON contract.
    clientErrorHandler: answerClientError,
    // Graceful shutdown (main.ts): close() stops accepting connections, closes idle keep-alive ones at once and lets each
    // busy one finish its request (answered with `Connection: close`). A request that arrives on such a connection while
    // closing is served normally (not Fastify's bare 503): /api/ready answers it 503 SHUTTING_DOWN with {error, code}.
    forceCloseConnections: 'idle',
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  // The user schemas' password rule gets the strength estimate (zxcvbn-ts, server only: its dictionaries stay out of
  // the browser, whose form shows this 400 on the password field).
  installPasswordStrengthCheck();
  app.setValidatorCompiler(zodValidatorCompiler);
  // Answers: fast-json-stringify from each route's response schema (http/serializer.ts), not a zod parse per call.
  app.setSerializerCompiler(schemaSerializerCompiler);
  app.decorate('db', opts.db);
  app.decorate('config', config);
  const sessions = new SessionCache();
  app.decorate('sessions', sessions);
  // Other servers on the same PostgreSQL announce sign-outs and user changes (NOTIFY): forget them here too.
  const stopFollowing = await followRevocations(opts.db, sessions);
  app.addHook('onClose', stopFollowing);
  app.decorate('now', opts.now ?? Date.now);
  const readiness = new Readiness();
  app.decorate('readiness', readiness);
  app.addHook('preClose', async () => {
    readiness.shuttingDown = true;
  });
  // Node keeps a connection alive after a request that was in flight when close() began (it knows nothing of the
  // closing), so close() would wait for the keep-alive timeout: once shutting down, every answer says Connection: close
  // and the connection ends with it. One flag read per answer.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (readiness.shuttingDown) void reply.header('connection', 'close');
    done(null, payload);
  });
  // Before every route, so its one onResponse hook sees them all.
  app.decorate('metrics', registerMetrics(app, config, opts.db));
  app.decorateRequest('user', null as never);
  app.decorateRequest('sessionId', 0);
  installJsonParser(app);
  installTextGuard(app);
  installErrorHandler(app);
  installVersions(app);
  scheduleIdempotencyKeyPruning(app, opts.db);
  await registerSecurityHeaders(app, config.remotesFile);
  await registerCompression(app);

  await registerOpenApi(app);

  // Everything under /api sits behind the guard; routes opt out with `config: { public: true }`.
  await app.register(
    async (api) => {
      api.addHook('onRequest', authGuard(opts.db, config.sessionTtlHours, sessions));
      await api.register(healthRoutes);
      for (const domain of [...defaultDomains, ...(opts.domains ?? [])]) await api.register(domain.routes);
    },
    { prefix: '/api' },
  );

  const layout = webLayout(config);
  if (opts.serveWeb) await registerWeb(app, layout);

  app.setNotFoundHandler((request, reply) => {
    if (opts.serveWeb && isSpaNavigation(request) && sendSpaIndex(reply, layout)) return reply;
    return reply.code(404).send(notFoundBody(request));
  });

  await app.ready();
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
