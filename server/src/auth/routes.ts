import rateLimit from '@fastify/rate-limit';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginSchema } from '@wms/shared-api';
import { logActivity } from '../activity/log';
import { AppError, render, shown, type Bilingual } from '../http/errors';
import { requestLang } from '../http/lang';
import { countThrottleRefusal } from '../metrics/counters';
import { authMessages } from './messages';
import { dummyPasswordHash, verifyPassword } from './password';
import { loginResponseSchema, messageSchema, sessionUserSchema } from './schemas';
import { createSession, revokeSession } from './sessions';
import { ADDRESS_MAX_FAILURES, SignInThrottle, WINDOW_MS } from './throttle';
import { toAuthUser } from './types';
import { findSignInUser, recordSignIn } from './queries';

/** A 429 of the sign-in throttle: Retry-After in seconds, and the wait in words in the caller's language. */
function tooMany(reply: FastifyReply, code: string, message: Bilingual, waitMs: number): AppError {
  countThrottleRefusal(code);
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  reply.header('Retry-After', String(seconds));
  const wait = (lang: 'it' | 'fr') =>
    seconds === 1
      ? render(authMessages.oneSecond, lang)
      : seconds < 120
        ? render(authMessages.seconds, lang, { n: shown(seconds) })
        : render(authMessages.minutes, lang, { n: shown(Math.ceil(seconds / 60)) });
  return new AppError(429, code, { it: render(message, 'it', { wait: wait('it') }), fr: render(message, 'fr', { wait: wait('fr') }) });
}

/** POST /auth/login, POST /auth/logout, GET /auth/me. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app;
  // Counters in the database, shared by every server: see throttle.ts for the rules. Only POST /auth/login is limited.
  const throttle = new SignInThrottle(db, app.now);
  await app.register(rateLimit, { global: false, store: throttle.asPluginStore() });
  const countAddressAttempt = app.createRateLimit({ max: ADDRESS_MAX_FAILURES, timeWindow: WINDOW_MS });

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
      // 1. The address: at most ADDRESS_MAX_FAILURES failed sign-ins per window (this attempt counts until it succeeds).
      const address = await countAddressAttempt(request);
      if (!address.isAllowed && address.isExceeded) {
        throw tooMany(reply, 'TOO_MANY_ATTEMPTS_FROM_ADDRESS', authMessages.tooManyFromAddress, address.ttl);
      }

      // The user as the database matches the name (its id), or the name as the database lower-cases it: one throttle
      // key for every spelling that signs in the same user.
      const found = await findSignInUser(db, username);
      const user = found.user ?? undefined;
      const identity = user ? `id:${user.id}` : `name:${found.canonical}`;

      // 2. The whole account, from addresses it never signed in from: a few free failures per window, then growing
      // delays (counted up front). An unknown name has a counter of its own, like an account.
      const account = await throttle.beginAccount(address.key, identity, user?.id ?? null);
      if (account.wait > 0) throw tooMany(reply, 'TOO_MANY_ATTEMPTS_ON_ACCOUNT', authMessages.tooManyOnAccount, account.wait);

      // 3. The (address, user) pair: growing delays after a few failures, counted up front.
      const wait = await throttle.begin(address.key, identity);
      if (wait > 0) {
        if (account.counted) await throttle.accountAttemptDone(identity);
        throw tooMany(reply, 'TOO_MANY_ATTEMPTS', authMessages.tooManyAttempts, wait);
      }

      // An unknown user still costs one scrypt, like a wrong password: timing does not reveal which usernames exist.
      // Passwords are saved NFC-normalised (issue 23): the typed one is checked as NFC, and a password saved before that
      // rule, as typed (once more only when NFC changed it — for unknown users too, so timing stays the same).
      const hash = user?.password_hash ?? (await dummyPasswordHash());
      const normalized = password.normalize('NFC');
      let passwordOk = await verifyPassword(normalized, hash);
      if (!passwordOk && normalized !== password) passwordOk = await verifyPassword(password, hash);
      if (!user || !passwordOk || !user.is_active) {
        throw new AppError(401, 'INVALID_CREDENTIALS', authMessages.invalidCredentials);
      }
      await throttle.succeeded(address.key, identity, user.id);
      if (account.counted) await throttle.accountAttemptDone(identity);
      if (!address.isAllowed) await throttle.giveBack(address.key);

      const session = await db.tx(async (q) => {
        const created = await createSession(q, user.id, config.sessionTtlHours);
        await recordSignIn(q, user.id);
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
      // Committed: the session's next call is a 401, not a cached success.
      app.sessions.forgetSession(request.sessionId);
      return { message: render(authMessages.loggedOut, requestLang(request)) };
    },
  );

  app.get(
    '/auth/me',
    { schema: { tags: ['auth'], summary: 'The signed-in user', response: { 200: sessionUserSchema } } },
    async (request) => request.user,
  );
};
