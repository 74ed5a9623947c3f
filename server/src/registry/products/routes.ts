import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  barcodeKey,
  id,
  listQuery,
  PRODUCT_SORTS,
  PRODUCT_STATUSES,
  productSchema,
  productStatusSchema,
  productViewSchema,
  type ProductFields,
} from '@wms/shared-api';
import { describeChanges } from '../../activity/changes';
import { logActivity } from '../../activity/log';
import type { Queryable } from '../../db';
import { AppError, render } from '../../http/errors';
import { sendPage } from '../../http/page';
import { assertUnchanged } from '../../http/versions';
import { requestLang } from '../../http/lang';
import { registryMessages as msg } from '../messages';
import { deletedSchema, idParams } from '../../http/schemas';
import { isUniqueViolation } from '../../db';
import * as sql from './sql';
import * as barcodes from '../barcodes/sql';
import { barcodeMessages } from '../barcodes/lookup';

const listQs = listQuery(PRODUCT_SORTS, {
  supplier_id: id.optional(),
  status: z.enum(PRODUCT_STATUSES, { error: 'invalidOption' }).optional(),
});

async function found(q: Queryable, id: number) {
  const product = await sql.getProduct(q, id);
  if (!product) throw new AppError(404, 'PRODUCT_NOT_FOUND', msg.productNotFound);
  return { ...product, extra_barcodes: await barcodes.extraBarcodes(q, id) };
}

/** A new supplier must be live; keeping the one a product already has is fine even if it was deleted since. */
async function assertSupplier(q: Queryable, p: ProductFields, current: number | null = null): Promise<void> {
  if (p.supplier_id === null || p.supplier_id === current) return;
  if (!(await sql.supplierIsLive(q, p.supplier_id))) {
    throw new AppError(400, 'SUPPLIER_NOT_FOUND', msg.supplierUnknown, { id: p.supplier_id });
  }
}

/** Runs a write; the live-code unique index turns a duplicate into 409 (also when two saves race). */
async function uniqueCode<T>(p: ProductFields, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err, 'products_code_live')) throw new AppError(409, 'PRODUCT_CODE_TAKEN', msg.productCodeTaken, { code: p.code });
    if (isUniqueViolation(err, 'product_barcodes_live')) {
      // The index key is barcode_key(code): GTINs as GTIN-14. Name the code as the form has it.
      const key = /\)=\((.*)\)/.exec((err as { detail?: string }).detail ?? '')?.[1];
      const code = [p.barcode, ...(p.extra_barcodes ?? [])].find((c) => c && key && barcodeKey(c) === key) ?? key ?? '';
      throw new AppError(409, 'BARCODE_TAKEN', barcodeMessages.taken, { code });
    }
    throw err;
  }
}

/**
 * SPEC §7 products: list (server paging and search), one, create, update, archive/activate, delete. Reads need one of the
 * permissions of the screens that pick products; writes need the registry permission. The author always comes from the session.
 */
export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const tags = ['products'];
  // Read by the registry and by every screen that picks a product (documents, prices, movements, stock reports).
  const read = {
    config: { permission: ['registry', 'prices', 'purchaseOrders', 'sales', 'goodsReceipt', 'movements', 'stockLevels', 'valuation'] },
  } as const;
  const write = { config: { permission: 'registry' } } as const;

  app.get(
    '/products',
    {
      ...read,
      schema: {
        tags,
        summary:
          'Live products, one page: q (every word, any field or the supplier name), sort/order, limit/offset; total in X-Total-Count',
        querystring: listQs,
        response: { 200: z.array(productViewSchema) },
      },
    },
    async (request, reply) => {
      const qs = request.query;
      return sendPage(reply, await sql.listProducts(db, { ...qs, supplierId: qs.supplier_id }));
    },
  );

  app.get(
    '/products/:id',
    { ...read, schema: { tags, summary: 'One live product', params: idParams, response: { 200: productViewSchema } } },
    async (request) => found(db, request.params.id),
  );

  app.post(
    '/products',
    { ...write, schema: { tags, summary: 'Create a product', body: productSchema, response: { 201: productViewSchema } } },
    async (request, reply) => {
      const p = request.body;
      const product = await uniqueCode(p, () =>
        db.tx(async (q) => {
          await assertSupplier(q, p);
          const id = await sql.insertProduct(q, p, request.user.id);
          if (p.extra_barcodes) await barcodes.replaceExtraBarcodes(q, id, p.extra_barcodes);
          await logActivity(q, {
            userId: request.user.id,
            action: 'create',
            entityType: 'product',
            entityId: id,
            details: { code: p.code },
          });
          return found(q, id);
        }),
      );
      return reply.code(201).send(product);
    },
  );

  app.put(
    '/products/:id',
    {
      ...write,
      schema: { tags, summary: 'Update a product', params: idParams, body: productSchema, response: { 200: productViewSchema } },
    },
    async (request) => {
      const { id } = request.params;
      const p = request.body;
      return uniqueCode(p, () =>
        db.tx(async (q) => {
          const current = await sql.lockProduct(q, id);
          if (!current) throw new AppError(404, 'PRODUCT_NOT_FOUND', msg.productNotFound);
          const before = await found(q, id);
          assertUnchanged(request, before);
          await assertSupplier(q, p, current.supplier_id);
          await sql.updateProduct(q, id, p, request.user.id);
          if (p.extra_barcodes) await barcodes.replaceExtraBarcodes(q, id, p.extra_barcodes);
          const changed = describeChanges(before, p, Object.keys(productSchema.shape));
          await logActivity(q, {
            userId: request.user.id,
            action: 'update',
            entityType: 'product',
            entityId: id,
            details: { code: p.code, ...changed },
          });
          return found(q, id);
        }),
      );
    },
  );

  app.put(
    '/products/:id/status',
    {
      ...write,
      schema: {
        tags,
        summary: 'Archive (inactive) or activate a product',
        params: idParams,
        body: productStatusSchema,
        response: { 200: productViewSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { status } = request.body;
      return db.tx(async (q) => {
        if (!(await sql.setProductStatus(q, id, status, request.user.id)))
          throw new AppError(404, 'PRODUCT_NOT_FOUND', msg.productNotFound);
        await logActivity(q, { userId: request.user.id, action: 'status', entityType: 'product', entityId: id, details: { status } });
        return found(q, id);
      });
    },
  );

  app.delete(
    '/products/:id',
    {
      ...write,
      schema: {
        tags,
        summary: 'Soft-delete a product (it leaves every list; its history stays). 409 while it still holds stock',
        params: idParams,
        response: { 200: deletedSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      await db.tx(async (q) => {
        const product = await sql.lockProduct(q, id);
        if (!product) throw new AppError(404, 'PRODUCT_NOT_FOUND', msg.productNotFound);
        if (await sql.productHoldsStock(q, id)) throw new AppError(409, 'PRODUCT_HAS_STOCK', msg.productHasStock, { code: product.code });
        await sql.softDeleteProduct(q, id, request.user.id);
        await logActivity(q, {
          userId: request.user.id,
          action: 'delete',
          entityType: 'product',
          entityId: id,
          details: { code: product.code },
        });
      });
      return { message: render(msg.productDeleted, requestLang(request)), id };
    },
  );
};
