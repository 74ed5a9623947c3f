import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listQuery, PARTY_SORTS, partySchema, partyViewSchema, queryFlag, type PartyKind, type Permission } from '@wms/shared-api';
import { describeChanges } from '../../activity/changes';
import { logActivity } from '../../activity/log';
import type { Queryable } from '../../db';
import { AppError, render, type Bilingual } from '../../http/errors';
import { sendPage } from '../../http/page';
import { requestLang } from '../../http/lang';
import { registryMessages as msg } from '../messages';
import { deletedSchema, idParams } from '../../http/schemas';
import * as sql from './sql';

const listQs = listQuery(PARTY_SORTS, { active: queryFlag.describe('true: active only; false: inactive only') });

interface KindInfo {
  /** The screens that read this registry: its own, and the documents that pick a supplier or a customer. */
  readers: readonly Permission[];
  entityType: string;
  notFoundCode: string;
  notFound: Bilingual;
  deleted: Bilingual;
}

const KINDS: Record<PartyKind, KindInfo> = {
  suppliers: {
    readers: ['registry', 'prices', 'purchaseOrders', 'goodsReceipt'],
    entityType: 'supplier',
    notFoundCode: 'SUPPLIER_NOT_FOUND',
    notFound: msg.supplierNotFound,
    deleted: msg.supplierDeleted,
  },
  customers: {
    readers: ['registry', 'sales'],
    entityType: 'customer',
    notFoundCode: 'CUSTOMER_NOT_FOUND',
    notFound: msg.customerNotFound,
    deleted: msg.customerDeleted,
  },
};

/**
 * SPEC §7 suppliers and customers: the same five calls on /suppliers and /customers, one plugin per kind. Delete is soft
 * (products, and later orders, prices and sales, keep pointing at the row and showing its name).
 */
export function partyRoutes(kind: PartyKind): FastifyPluginAsyncZod {
  const info = KINDS[kind];
  const base = `/${kind}`;
  const tags = [kind];

  return async (app) => {
    const { db } = app;
    const read = { config: { permission: info.readers } };
    const write = { config: { permission: 'registry' } } as const;
    const notFound = () => new AppError(404, info.notFoundCode, info.notFound);
    const found = async (q: Queryable, id: number) => {
      const party = await sql.getParty(q, kind, id);
      if (!party) throw notFound();
      return party;
    };
    const log = (q: Queryable, userId: number, action: string, id: number, name: string, changed: Record<string, string> = {}) =>
      logActivity(q, { userId, action, entityType: info.entityType, entityId: id, details: { business_name: name, ...changed } });

    app.get(
      base,
      {
        ...read,
        schema: {
          tags,
          summary: `Live ${kind} by business name: q, sort/order, active, limit/offset; total in X-Total-Count`,
          querystring: listQs,
          response: { 200: z.array(partyViewSchema) },
        },
      },
      async (request, reply) => {
        return sendPage(reply, await sql.listParties(db, kind, request.query));
      },
    );

    app.get(
      `${base}/:id`,
      { ...read, schema: { tags, summary: `One live row of ${kind}`, params: idParams, response: { 200: partyViewSchema } } },
      async (request) => found(db, request.params.id),
    );

    app.post(
      base,
      { ...write, schema: { tags, summary: `Create (${kind})`, body: partySchema, response: { 201: partyViewSchema } } },
      async (request, reply) => {
        const p = request.body;
        const party = await db.tx(async (q) => {
          const id = await sql.insertParty(q, kind, p, request.user.id);
          await log(q, request.user.id, 'create', id, p.business_name);
          return found(q, id);
        });
        return reply.code(201).send(party);
      },
    );

    app.put(
      `${base}/:id`,
      { ...write, schema: { tags, summary: `Update (${kind})`, params: idParams, body: partySchema, response: { 200: partyViewSchema } } },
      async (request) => {
        const { id } = request.params;
        const p = request.body;
        return db.tx(async (q) => {
          const before = await sql.getParty(q, kind, id);
          if (!before || !(await sql.updateParty(q, kind, id, p, request.user.id))) throw notFound();
          await log(q, request.user.id, 'update', id, p.business_name, describeChanges(before, p, Object.keys(partySchema.shape)));
          return found(q, id);
        });
      },
    );

    app.delete(
      `${base}/:id`,
      {
        ...write,
        schema: {
          tags,
          summary: `Soft-delete (${kind}): gone from lists, still named where referenced`,
          params: idParams,
          response: { 200: deletedSchema },
        },
      },
      async (request) => {
        const { id } = request.params;
        await db.tx(async (q) => {
          const name = await sql.softDeleteParty(q, kind, id, request.user.id);
          if (name === null) throw notFound();
          await log(q, request.user.id, 'delete', id, name);
        });
        return { message: render(info.deleted, requestLang(request)), id };
      },
    );
  };
}
