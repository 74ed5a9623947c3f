import { timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Config } from '../config';
import type { Db } from '../db';
import { AppError, common } from '../http/errors';
import { domainRegistry } from './counters';

/**
 * GET /metrics in Prometheus' text format (prom-client), served only when a setting allows it:
 * - METRICS_TOKEN: on the main port, to callers sending `Authorization: Bearer <token>` (else 401);
 * - METRICS_PORT: on a port of its own bound to METRICS_HOST (127.0.0.1 by default), reachable only from the machine
 *   unless bound elsewhere; the token is required there too when it is set.
 * Without either, nothing is collected per request and /metrics is a 404 like any unknown path.
 *
 * Figures are per instance (this process): with N app servers, Prometheus scrapes each and sums. The README's
 * "Operating" section says what each metric means.
 */

/** Seconds; the API answers in milliseconds, reports and CSV exports take longer. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

type Observer = { observe(seconds: number): void };

/** The request histogram, with one child per (route, method, status) kept in nested maps: no per-request allocation. */
function requestObserver(registry: Registry): (request: FastifyRequest, reply: FastifyReply) => void {
  const histogram = new Histogram({
    name: 'wms_http_request_duration_seconds',
    help: 'HTTP requests by route pattern, method and status: latency in seconds (_count is the number of requests)',
    labelNames: ['route', 'method', 'status_code'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const children = new Map<string, Map<string, Map<number, Observer>>>();
  return (request, reply) => {
    // The route's pattern ('/api/sales/:id'), never the raw URL: a path that matched no route is one label value.
    const route = request.routeOptions.url ?? 'unmatched';
    const method = request.method;
    const status = reply.statusCode;
    let byMethod = children.get(route);
    if (!byMethod) children.set(route, (byMethod = new Map()));
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, (byStatus = new Map()));
    let child = byStatus.get(status);
    if (!child) byStatus.set(status, (child = histogram.labels({ route, method, status_code: status })));
    child.observe(reply.elapsedTime / 1000);
  };
}

/** Pool figures read when scraped (nothing on the request path). */
function registerDbGauges(registry: Registry, db: Db): void {
  const stats = () => db.stats?.();
  if (db.kind === 'pg') {
    const pool = (name: string, help: string, pick: (s: { total: number; idle: number; waiting: number }) => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          const s = stats();
          if (s?.kind === 'pg') this.set(pick(s));
        },
      });
    pool('wms_db_pool_connections', 'PostgreSQL pool: connections open', (s) => s.total);
    pool('wms_db_pool_idle_connections', 'PostgreSQL pool: open connections not in use', (s) => s.idle);
    pool('wms_db_pool_waiting_requests', 'PostgreSQL pool: callers waiting for a free connection', (s) => s.waiting);
  } else {
    // PGlite has no pool (one backend in a worker thread): how many calls are queued or running there.
    new Gauge({
      name: 'wms_db_pending_calls',
      help: 'Embedded database (PGlite): statements sent to its worker thread and not yet answered',
      registers: [registry],
      collect() {
        const s = stats();
        if (s?.kind === 'pglite') this.set(s.pending);
      },
    });
  }
}

/** Constant-time comparison of the Authorization header with `Bearer <token>`. */
function bearerMatches(header: string | undefined, token: string): boolean {
  if (!header) return false;
  const given = Buffer.from(header);
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

async function exposition(registry: Registry): Promise<string> {
  return (await registry.metrics()) + (await domainRegistry.metrics());
}

/** What buildApp decorates the app with: the registry, and the port of METRICS_PORT's server once listening. */
export interface Metrics {
  registry: Registry;
  /** The port /metrics listens on when METRICS_PORT is set (0 → a free one, for tests); null otherwise. */
  port(): number | null;
}

/**
 * Sets up collection, the main port's /metrics (when METRICS_TOKEN is set) and METRICS_PORT's server (listening once the
 * app is ready, closed with it). Returns null when metrics are not served at all. Call before the routes are registered
 * (the hook applies to every route).
 */
export function registerMetrics(app: FastifyInstance, config: Config, db: Db): Metrics | null {
  const token = config.metricsToken;
  if (!token && config.metricsPort === undefined) return null;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'wms_' });
  registerDbGauges(registry, db);
  const observe = requestObserver(registry);
  // One hook for every answer: the route's histogram child, the reply's own timer.
  app.addHook('onResponse', (request, reply, done) => {
    observe(request, reply);
    done();
  });

  if (token) {
    app.get(
      '/metrics',
      {
        config: { public: true },
        schema: { hide: true },
        // The token is checked before the handler, like every permission (authGuard does it for /api).
        onRequest: async (request) => {
          if (!bearerMatches(request.headers.authorization, token)) throw new AppError(401, 'UNAUTHORIZED', common.unauthorized);
        },
      },
      async (_request, reply) => {
        const body = await exposition(registry);
        return reply.type(registry.contentType).header('cache-control', 'no-store').send(body);
      },
    );
  }

  let port: number | null = null;
  if (config.metricsPort !== undefined) {
    const server = metricsServer(app, registry, token);
    app.addHook('onReady', async () => {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(config.metricsPort, config.metricsHost, () => resolve());
      });
      const address = server.address();
      port = typeof address === 'object' && address ? address.port : null;
    });
    app.addHook('onClose', async () => {
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    });
  }
  return { registry, port: () => port };
}

/** METRICS_PORT's server: GET /metrics only (404 otherwise; 401 without the token when one is set). */
function metricsServer(app: FastifyInstance, registry: Registry, token: string | undefined): http.Server {
  return http.createServer((req, res) => {
    const send = (status: number, type: string, body: string) => {
      res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      res.end(body);
    };
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      return send(404, 'application/json', JSON.stringify({ error: common.routeNotFound.it, code: 'NOT_FOUND' }));
    }
    if (token && !bearerMatches(req.headers.authorization, token)) {
      return send(401, 'application/json', JSON.stringify({ error: common.unauthorized.it, code: 'UNAUTHORIZED' }));
    }
    exposition(registry).then(
      (body) => send(200, registry.contentType, body),
      (err: unknown) => {
        app.log.error({ err }, 'metrics: collection failed');
        send(500, 'application/json', JSON.stringify({ error: common.internal.it, code: 'INTERNAL' }));
      },
    );
  });
}
