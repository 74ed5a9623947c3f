import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listQuery, queryFlag, WAREHOUSE_SORTS, warehouseSchema, warehouseViewSchema, type WarehouseFields } from '@wms/shared-api';
import { describeChanges } from '../../activity/changes';
import { logActivity } from '../../activity/log';
import type { Queryable } from '../../db';
import { AppError, render } from '../../http/errors';
import { sendPage } from '../../http/page';
import { assertUnchanged } from '../../http/versions';
import { requestLang } from '../../http/lang';
import { assertWarehouseEmpty } from '../../stock/warehouse-stock';
import { assertNoOpenTransfers } from '../../transfers/posting';
import { registryMessages as msg } from '../messages';
import { deletedSchema, idParams } from '../../http/schemas';
import { isUniqueViolation } from '../../db';
import * as sql from './sql';

const listQs = listQuery(WAREHOUSE_SORTS, { active: queryFlag.describe('true: active warehouses only; false: inactive only') });

async function found(q: Queryable, id: number) {
  const warehouse = await sql.getWarehouse(q, id);
  if (!warehouse) throw new AppError(404, 'WAREHOUSE_NOT_FOUND', msg.warehouseNotFound);
  return warehouse;
}

/** Runs a write; the live-name unique index turns a duplicate name into 409 (also when two saves race). */
async function uniqueName<T>(w: WarehouseFields, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err, 'warehouses_name_live'))
      throw new AppError(409, 'WAREHOUSE_NAME_TAKEN', msg.warehouseNameTaken, { name: w.name });
    throw err;
  }
}

/** SPEC §7 warehouses: list, one, create, update, delete (soft; refused with 409 while the warehouse holds stock). */
export const warehouseRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const tags = ['warehouses'];
  // Read by the registry and by every screen that picks a warehouse (documents, movements, stock reports).
  const read = { config: { permission: ['registry', 'goodsReceipt', 'sales', 'movements', 'stockLevels', 'valuation'] } } as const;
  const write = { config: { permission: 'registry' } } as const;

  app.get(
    '/warehouses',
    {
      ...read,
      schema: {
        tags,
        summary: 'Live warehouses by name: q, sort/order, active, limit/offset; total in X-Total-Count',
        querystring: listQs,
        response: { 200: z.array(warehouseViewSchema) },
      },
    },
    async (request, reply) => {
      return sendPage(reply, await sql.listWarehouses(db, request.query));
    },
  );

  app.get(
    '/warehouses/:id',
    { ...read, schema: { tags, summary: 'One live warehouse', params: idParams, response: { 200: warehouseViewSchema } } },
    async (request) => found(db, request.params.id),
  );

  app.post(
    '/warehouses',
    { ...write, schema: { tags, summary: 'Create a warehouse', body: warehouseSchema, response: { 201: warehouseViewSchema } } },
    async (request, reply) => {
      const w = request.body;
      const warehouse = await uniqueName(w, () =>
        db.tx(async (q) => {
          const id = await sql.insertWarehouse(q, w, request.user.id);
          await logActivity(q, {
            userId: request.user.id,
            action: 'create',
            entityType: 'warehouse',
            entityId: id,
            details: { name: w.name },
          });
          return found(q, id);
        }),
      );
      return reply.code(201).send(warehouse);
    },
  );

  app.put(
    '/warehouses/:id',
    {
      ...write,
      schema: { tags, summary: 'Update a warehouse', params: idParams, body: warehouseSchema, response: { 200: warehouseViewSchema } },
    },
    async (request) => {
      const { id } = request.params;
      const w = request.body;
      return uniqueName(w, () =>
        db.tx(async (q) => {
          if ((await sql.lockWarehouse(q, id)) === null) throw new AppError(404, 'WAREHOUSE_NOT_FOUND', msg.warehouseNotFound);
          const before = await found(q, id);
          assertUnchanged(request, before);
          await sql.updateWarehouse(q, id, w, request.user.id);
          const changed = describeChanges(before, w, Object.keys(warehouseSchema.shape));
          await logActivity(q, {
            userId: request.user.id,
            action: 'update',
            entityType: 'warehouse',
            entityId: id,
            details: { name: w.name, ...changed },
          });
          return found(q, id);
        }),
      );
    },
  );

  app.delete(
    '/warehouses/:id',
    {
      ...write,
      schema: {
        tags,
        summary:
          'Soft-delete a warehouse; 409 while it holds stock ("Impossibile eliminare il magazzino: contiene ancora prodotti") or open transfers (a draft, goods in transit) name it',
        params: idParams,
        response: { 200: deletedSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      await db.tx(async (q) => {
        const name = await sql.lockWarehouse(q, id);
        if (name === null) throw new AppError(404, 'WAREHOUSE_NOT_FOUND', msg.warehouseNotFound);
        await assertWarehouseEmpty(q, id);
        await assertNoOpenTransfers(q, id);
        await sql.softDeleteWarehouse(q, id, request.user.id);
        await logActivity(q, { userId: request.user.id, action: 'delete', entityType: 'warehouse', entityId: id, details: { name } });
      });
      return { message: render(msg.warehouseDeleted, requestLang(request)), id };
    },
  );
};
