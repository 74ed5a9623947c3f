import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginSchema } from '@wms/shared-api';
import { logActivity } from '../activity/log';
import { AppError, render } from '../http/errors';
import { requestLang } from '../http/lang';
import { authMessages } from './messages';
import { dummyPasswordHash, verifyPassword } from './password';
import { loginResponseSchema, messageSchema, sessionUserSchema } from './schemas';
import { createSession, revokeSession } from './sessions';
import { LoginThrottle } from './throttle';
import { toAuthUser, type UserRow } from './types';

/** POST /auth/login, POST /auth/logout, GET /auth/me. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app;
  const throttle = new LoginThrottle(); // one per server: see throttle.ts for the rule

  app.post(
    '/auth/login',
    {
      config: { public: true },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with username and password; returns a bearer token',
        security: [],
        body: loginSchema,
        response: { 200: loginResponseSchema },
      },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      const wait = throttle.retryAfterSeconds(username);
      if (wait > 0) {
        reply.header('Retry-After', String(wait));
        throw new AppError(429, 'TOO_MANY_ATTEMPTS', authMessages.tooManyAttempts, { minutes: Math.ceil(wait / 60) });
      }
      // Counted as a failure up front and cleared on success, so parallel guesses cannot slip past the limit.
      throttle.recordFailure(username);

      const { rows } = await db.query<UserRow>(
        `SELECT id, username, name, role, password_hash, is_active
           FROM users WHERE lower(username) = lower($1) AND deleted_at IS NULL`,
        [username],
      );
      const user = rows[0];
      // An unknown user still costs one scrypt, like a wrong password: timing does not reveal which usernames exist.
      const passwordOk = await verifyPassword(password, user?.password_hash ?? (await dummyPasswordHash()));
      if (!user || !passwordOk || !user.is_active) {
        throw new AppError(401, 'INVALID_CREDENTIALS', authMessages.invalidCredentials);
      }
      throttle.recordSuccess(username);

      const session = await db.tx(async (q) => {
        const created = await createSession(q, user.id, config.sessionTtlHours);
        await q.query('UPDATE users SET last_login = now() WHERE id = $1', [user.id]);
        await logActivity(q, { userId: user.id, action: 'login', entityType: 'auth', entityId: user.id, details: { ip: request.ip } });
        return created;
      });
      return { token: session.token, user: toAuthUser(user), message: render(authMessages.loggedIn, requestLang(request)) };
    },
  );

  app.post(
    '/auth/logout',
    {
      schema: { tags: ['auth'], summary: 'Sign out: revokes the session of the token sent', response: { 200: messageSchema } },
    },
    async (request) => {
      await db.tx(async (q) => {
        await revokeSession(q, request.sessionId);
        await logActivity(q, { userId: request.user.id, action: 'logout', entityType: 'auth', entityId: request.user.id });
      });
      return { message: render(authMessages.loggedOut, requestLang(request)) };
    },
  );

  app.get(
    '/auth/me',
    { schema: { tags: ['auth'], summary: 'The signed-in user', response: { 200: sessionUserSchema } } },
    async (request) => request.user,
  );
};
