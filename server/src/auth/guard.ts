import type { FastifyReply, FastifyRequest } from 'fastify';
import { can, type Permission } from '@wms/shared-api';
import type { Db } from '../db';
import { AppError, common } from '../http/errors';
import { findLiveSession } from './sessions';
import { bearerToken } from './tokens';
import type { AuthUser } from './types';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The signed-in user. Set by the guard on every /api route that is not `config: { public: true }`, before body
     * parsing and validation — so route handlers of protected routes can rely on it.
     */
    user: AuthUser;
    /** The id of the session the request came with (sessions.id), e.g. for logout. */
    sessionId: number;
  }
  interface FastifyContextConfig {
    /** Reachable without a token (sign-in, health). */
    public?: boolean;
    /** The shared permission (SPEC §6) the caller's role must hold; 403 otherwise. */
    permission?: Permission;
  }
}

/** Throws 403 unless the signed-in user's role holds `permission` in the shared table. */
export function assertPermission(user: AuthUser | undefined, permission: Permission): void {
  if (!user) throw new AppError(401, 'UNAUTHORIZED', common.unauthorized);
  if (!can(user.role, permission)) throw new AppError(403, 'FORBIDDEN', common.forbidden);
}

/**
 * A hook refusing callers without `permission` (403), for a route (`onRequest: requirePermission('users')`) or a whole
 * domain plugin (`app.addHook('onRequest', requirePermission('registry'))`). As an onRequest hook it answers 403 before
 * the body is even parsed; it also works as a preHandler.
 */
export function requirePermission(permission: Permission) {
  return async function permissionGuard(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    assertPermission(request.user, permission);
  };
}

/**
 * The onRequest hook of the /api scope: a live session (not revoked, not expired, user active and not deleted) or 401;
 * then the route's `config.permission`, if any, or 403.
 */
export function authGuard(db: Db, sessionTtlHours: number) {
  return async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const config = request.routeOptions.config;
    if (config.public || request.is404) return;
    const token = bearerToken(request.headers.authorization);
    const session = token ? await findLiveSession(db, token, sessionTtlHours) : null;
    if (!session) throw new AppError(401, 'UNAUTHORIZED', common.unauthorized);
    request.user = session.user;
    request.sessionId = session.sessionId;
    if (config.permission) assertPermission(session.user, config.permission);
  };
}
