import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  transferListQuery,
  transferListRowSchema,
  transferReceiveSchema,
  transferSchema,
  transferShipSchema,
  transferViewSchema,
} from '@wms/shared-api';
import type { Queryable } from '../db';
import { AppError } from '../http/errors';
import { idempotentReply } from '../http/idempotency';
import { sendPage } from '../http/page';
import { idParams } from '../http/schemas';
import { transferMessages as msg } from './messages';
import { cancelTransfer, createTransfer, receiveTransfer, reverseTransfer, shipTransfer, updateTransfer } from './posting';
import * as sql from './sql';

/**
 * Transfers between warehouses (issue 26): GET /transfers (paged, filters), GET /transfers/{id}, POST /transfers (a draft),
 * PUT /transfers/{id} (a draft), POST /transfers/{id}/ship | receive | cancel | reverse. Reads behind `transfersRead`,
 * writes behind `transfers`; every write answers the transfer as it now is and honours Idempotency-Key (exactly once).
 */

async function viewOf(q: Queryable, id: number) {
  const t = await sql.getTransfer(q, id);
  if (!t) throw new AppError(404, 'TRANSFER_NOT_FOUND', msg.notFound);
  return t;
}

export const transferRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const tags = ['transfers'];
  const read = { config: { permission: 'transfersRead' as const } };
  const write = { config: { permission: 'transfers' as const } };

  app.get(
    '/transfers',
    {
      ...read,
      schema: {
        tags,
        summary: 'Transfers, newest first: q, status, warehouse_id (either side), from/to, date_from/date_to; total in X-Total-Count',
        querystring: transferListQuery,
        response: { 200: z.array(transferListRowSchema) },
      },
    },
    async (request, reply) => sendPage(reply, await sql.listTransfers(db, request.query)),
  );

  app.get(
    '/transfers/:id',
    { ...read, schema: { tags, summary: 'One transfer with its lines', params: idParams, response: { 200: transferViewSchema } } },
    async (request) => viewOf(db, request.params.id),
  );

  app.post(
    '/transfers',
    {
      ...write,
      schema: {
        tags,
        summary: 'Create a draft transfer (number TR-yyyy-nnnnn from a sequence); no stock moves until it is shipped',
        body: transferSchema,
        response: { 201: transferViewSchema },
      },
    },
    async (request, reply) =>
      idempotentReply(db, request, reply, 'transfers.create', async (q) => {
        const id = await createTransfer(q, request.body, request.user);
        return { status: 201, body: await viewOf(q, id) };
      }),
  );

  app.put(
    '/transfers/:id',
    {
      ...write,
      schema: {
        tags,
        summary: 'Edit a draft transfer (head and lines)',
        params: idParams,
        body: transferSchema,
        response: { 200: transferViewSchema },
      },
    },
    async (request, reply) =>
      idempotentReply(db, request, reply, 'transfers.update', async (q) => {
        await updateTransfer(q, request.params.id, request.body, request.user);
        return { status: 200, body: await viewOf(q, request.params.id) };
      }),
  );

  app.post(
    '/transfers/:id/ship',
    {
      ...write,
      schema: {
        tags,
        summary: 'Ship a draft: its goods leave the source into transit (ledger T, source TR); receive: true also receives them',
        params: idParams,
        body: transferShipSchema,
        response: { 200: transferViewSchema },
      },
    },
    async (request, reply) =>
      idempotentReply(db, request, reply, 'transfers.ship', async (q) => {
        await shipTransfer(q, request.params.id, request.body.receive, request.user);
        return { status: 200, body: await viewOf(q, request.params.id) };
      }),
  );

  app.post(
    '/transfers/:id/receive',
    {
      ...write,
      schema: {
        tags,
        summary: 'Receive a shipped transfer: all (no lines) or per line; a shortfall needs a reason (returned, damaged, lost)',
        params: idParams,
        body: transferReceiveSchema,
        response: { 200: transferViewSchema },
      },
    },
    async (request, reply) =>
      idempotentReply(db, request, reply, 'transfers.receive', async (q) => {
        await receiveTransfer(q, request.params.id, request.body, request.user);
        return { status: 200, body: await viewOf(q, request.params.id) };
      }),
  );

  app.post(
    '/transfers/:id/cancel',
    { ...write, schema: { tags, summary: 'Cancel a draft', params: idParams, response: { 200: transferViewSchema } } },
    async (request, reply) =>
      idempotentReply(db, request, reply, 'transfers.cancel', async (q) => {
        await cancelTransfer(q, request.params.id, request.user);
        return { status: 200, body: await viewOf(q, request.params.id) };
      }),
  );

  app.post(
    '/transfers/:id/reverse',
    {
      ...write,
      schema: {
        tags,
        summary: 'Reverse a shipment not yet received: the goods go back from transit to the source',
        params: idParams,
        response: { 200: transferViewSchema },
      },
    },
    async (request, reply) =>
      idempotentReply(db, request, reply, 'transfers.reverse', async (q) => {
        await reverseTransfer(q, request.params.id, request.user);
        return { status: 200, body: await viewOf(q, request.params.id) };
      }),
  );
};
