import type { FastifyReply, FastifyRequest } from 'fastify';
import { can, type Permission } from '@wms/shared-api';
import type { Db } from '../db';
import { AppError, common } from '../http/errors';
import type { SessionCache } from './sessions';
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
    /**
     * THE way a route declares who may call it: the shared permission (SPEC §6, shared-api permissions.ts) the caller's
     * role must hold, or a list of them of which it must hold any one (a read route names the permissions of every
     * screen that needs it). 403 otherwise, before the body is parsed. Without it, any signed-in user may call the route.
     */
    permission?: RoutePermission;
  }
}

/** One permission, or several of which any one suffices. */
export type RoutePermission = Permission | readonly Permission[];

/** True when `role` holds `permission`, or any one of a list of them. */
export function holds(role: string | null | undefined, permission: RoutePermission): boolean {
  return typeof permission === 'string' ? can(role, permission) : permission.some((p) => can(role, p));
}

/**
 * The onRequest hook of the /api scope: a live session (not revoked, not expired, user active and not deleted) or 401;
 * then the route's `config.permission`, if any (one permission, or any of a list), or 403. Sessions come through the
 * app's short SessionCache (sessions.ts), which sign-out and every change of a user forget at once.
 */
export function authGuard(db: Db, sessionTtlHours: number, sessions: SessionCache) {
  return async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const config = request.routeOptions.config;
    if (config.public || request.is404) return;
    const token = bearerToken(request.headers.authorization);
    const session = token ? await sessions.find(db, token, sessionTtlHours) : null;
    if (!session) throw new AppError(401, 'UNAUTHORIZED', common.unauthorized);
    request.user = session.user;
    request.sessionId = session.sessionId;
    if (config.permission && !holds(session.user.role, config.permission)) throw new AppError(403, 'FORBIDDEN', common.forbidden);
  };
}
