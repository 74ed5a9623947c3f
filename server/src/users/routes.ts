import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { activityViewSchema, userCreateSchema, userManagementRefusal, userUpdateSchema, userViewSchema, type Role } from '@wms/shared-api';
import { logActivity } from '../activity/log';
import { hashPassword } from '../auth/password';
import { announceUserChange, revokeUserSessions } from '../auth/sessions';
import { isUniqueViolation } from '../db';
import { describeChanges } from '../activity/changes';
import { AppError, common, render } from '../http/errors';
import { sendPage } from '../http/page';
import { requestLang } from '../http/lang';
import { usersMessages as msg } from './messages';
import {
  getUser,
  insertUser,
  listActivities,
  listUsers,
  lockForChange,
  revokeOtherSessions,
  softDeleteUser,
  updateUser,
  userEverExisted,
  usernameTaken,
} from './queries';
import { activityListQuery, deleteUserResponse, userIdParams, userListQuery } from './schemas';

/**
 * 403 unless the signed-in user may make this change (shared-api permissions: only an admin touches admins; nobody
 * changes their own role). `targetRole` null: a creation; `newRole` null: a deletion.
 */
function assertMayManage(actor: { id: number; role: Role }, target: { id: number; role: Role } | null, newRole: Role | null): void {
  const refusal = userManagementRefusal(actor.role, target?.role ?? null, newRole, target?.id === actor.id);
  if (refusal === 'selfRole') throw new AppError(403, 'SELF_ROLE', msg.selfRole);
  if (refusal === 'adminOnly') throw new AppError(403, 'ADMIN_ONLY', msg.adminOnly);
  if (refusal) throw new AppError(403, 'FORBIDDEN', common.forbidden);
}

/**
 * SPEC §7 users calls: GET/POST /users, GET/PUT/DELETE /users/{id}, GET /users/{id}/activities. Only roles holding the
 * `users` permission (admin, direction) reach them; everyone else gets 403 before the body is read.
 *
 * Who manages whom (assertMayManage): only an admin may create, edit, delete, promote to or demote from admin (an
 * admin's password included); nobody changes their own role.
 *
 * Nobody is locked out: a user cannot delete or deactivate themselves, and the last active admin cannot be deleted,
 * deactivated or given another role. The check runs with every active admin row locked (SELECT … FOR UPDATE, in id
 * order, before the target row), so two administrators demoting each other at the same moment cannot both succeed.
 *
 * Sessions: deactivating a user, changing their password or their role ends their sessions at once (except the session
 * making the change, when someone edits themselves); deleting ends all of them. The guard also refuses any session of an
 * inactive or deleted user, so the next call of a removed user is a 401 even without the revocation.
 */

const tags = ['users'];

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  const notFound = () => new AppError(404, 'USER_NOT_FOUND', msg.userNotFound);
  const taken = (username: string) => new AppError(409, 'USERNAME_TAKEN', msg.usernameTaken, { username });

  app.get(
    '/users',
    {
      config: { permission: 'users' },
      schema: {
        tags,
        summary: 'Live users by username, with active and online state; limit/offset, total in X-Total-Count',
        querystring: userListQuery,
        response: { 200: z.array(userViewSchema) },
      },
    },
    async (request, reply) => {
      return sendPage(reply, await listUsers(db, request.query));
    },
  );

  app.get(
    '/users/:id',
    {
      config: { permission: 'users' },
      schema: { tags, summary: 'One live user', params: userIdParams, response: { 200: userViewSchema } },
    },
    async (request) => {
      const user = await getUser(db, request.params.id);
      if (!user) throw notFound();
      return user;
    },
  );

  app.get(
    '/users/:id/activities',
    {
      config: { permission: 'users' },
      schema: {
        tags,
        summary: 'What the user did, newest first (also for a deleted user); limit/offset, total in X-Total-Count',
        params: userIdParams,
        querystring: activityListQuery,
        response: { 200: z.array(activityViewSchema) },
      },
    },
    async (request, reply) => {
      if (!(await userEverExisted(db, request.params.id))) throw notFound();
      return sendPage(reply, await listActivities(db, request.params.id, request.query));
    },
  );

  app.post(
    '/users',
    {
      config: { permission: 'users' },
      schema: {
        tags,
        summary: 'Create a user (role defaults to warehouse, active to true); the author is the signed-in user',
        body: userCreateSchema,
        response: { 201: userViewSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const me = request.user.id;
      assertMayManage(request.user, null, body.role);
      const passwordHash = await hashPassword(body.password);
      try {
        const id = await db.tx(async (q) => {
          if (await usernameTaken(q, body.username, null)) throw taken(body.username);
          const created = await insertUser(q, { ...body, passwordHash }, me);
          await logActivity(q, {
            userId: me,
            action: 'create',
            entityType: 'user',
            entityId: created,
            details: { username: body.username, name: body.name, role: body.role, is_active: body.is_active },
          });
          return created;
        });
        return reply.code(201).send((await getUser(db, id))!);
      } catch (err) {
        // Two creations of the same username at once: the unique index decides, with the same clear message.
        if (isUniqueViolation(err)) throw taken(body.username);
        throw err;
      }
    },
  );

  app.put(
    '/users/:id',
    {
      config: { permission: 'users' },
      schema: {
        tags,
        summary: 'Update a user; a blank or missing password keeps the current one, a missing is_active keeps the state',
        params: userIdParams,
        body: userUpdateSchema,
        response: { 200: userViewSchema },
      },
    },
    async (request) => {
      const id = request.params.id;
      const body = request.body;
      const me = request.user.id;
      const passwordHash = body.password ? await hashPassword(body.password) : null;
      try {
        await db.tx(async (q) => {
          const { activeAdmins, target } = await lockForChange(q, id);
          if (!target) throw notFound();
          assertMayManage(request.user, target, body.role);
          const isActive = body.is_active ?? target.is_active;
          if (target.id === me && target.is_active && !isActive) throw new AppError(409, 'SELF_DEACTIVATE', msg.selfDeactivate);
          const lastAdmin = activeAdmins.includes(target.id) && activeAdmins.length <= 1;
          if (lastAdmin && !isActive) throw new AppError(409, 'LAST_ADMIN', msg.lastAdminDeactivate);
          if (lastAdmin && body.role !== 'admin') throw new AppError(409, 'LAST_ADMIN', msg.lastAdminDemote);
          if (await usernameTaken(q, body.username, id)) throw taken(body.username);

          await updateUser(q, id, { ...body, is_active: isActive, passwordHash }, me);

          // A short account of what changed, "old → new"; of the password only that it changed (as "credentials", so no
          // answer anywhere carries the word password).
          const details: Record<string, unknown> = {
            username: body.username,
            ...describeChanges(target, { ...body, is_active: isActive }, ['username', 'name', 'role', 'is_active']),
          };
          if (passwordHash) details.credentials = 'changed';

          if (!isActive || passwordHash || target.role !== body.role) {
            const ended = await revokeOtherSessions(q, id, request.sessionId);
            if (ended > 0) details.sessions_ended = ended;
          }
          await logActivity(q, { userId: me, action: 'update', entityType: 'user', entityId: id, details });
          await announceUserChange(q, id); // every server re-reads their sessions once this commits — auth/sessions.ts
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw taken(body.username);
        throw err;
      }
      app.sessions.forgetUser(id); // committed: their next call here re-reads the session (role, active), at once
      return (await getUser(db, id))!;
    },
  );

  app.delete(
    '/users/:id',
    {
      config: { permission: 'users' },
      schema: {
        tags,
        summary: 'Delete a user (soft: the activity history stays; they can no longer sign in). Any body is ignored.',
        params: userIdParams,
        response: { 200: deleteUserResponse },
      },
    },
    async (request) => {
      const id = request.params.id;
      const me = request.user.id;
      if (id === me) throw new AppError(409, 'SELF_DELETE', msg.selfDelete);
      await db.tx(async (q) => {
        const { activeAdmins, target } = await lockForChange(q, id);
        if (!target) throw notFound();
        assertMayManage(request.user, target, null);
        if (activeAdmins.includes(target.id) && activeAdmins.length <= 1) throw new AppError(409, 'LAST_ADMIN', msg.lastAdminDelete);
        await softDeleteUser(q, id, me);
        const ended = await revokeUserSessions(q, id);
        await logActivity(q, {
          userId: me,
          action: 'delete',
          entityType: 'user',
          entityId: id,
          details: { username: target.username, name: target.name, role: target.role, ...(ended > 0 ? { sessions_ended: ended } : {}) },
        });
      });
      app.sessions.forgetUser(id); // committed: their next call is a 401 — auth/sessions.ts
      return { message: render(msg.deleted, requestLang(request)), id };
    },
  );
};
