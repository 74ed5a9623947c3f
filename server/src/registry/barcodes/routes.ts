import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { barcodeLookupSchema } from '@wms/shared-api';
import { lookupBarcode } from './lookup';

/** A scanned text as it comes in the path (URL-encoded: a GS1 string with its ASCII 29 separators is `%1D`). */
const params = z.object({ code: z.string().min(1, { error: 'required' }).max(500, { error: 'tooLong' }) });

/**
 * Scan instead of type (issue 27): GET /barcodes/{code} resolves a product code, a GTIN, an extra barcode or a whole GS1
 * string to the product and the batch, dates and quantity it carries. Read by every screen that picks a product.
 */
export const barcodeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  app.get(
    '/barcodes/:code',
    {
      config: {
        permission: ['registry', 'prices', 'purchaseOrders', 'sales', 'goodsReceipt', 'movements', 'stockLevels', 'valuation'],
      },
      schema: {
        tags: ['products'],
        summary:
          'What a scan names: the live product by code, GTIN (any length, or GS1 (01)/(02)), extra barcode or GS1 (240), with the batch, expiry, production date and quantity a GS1 string carries; 404 BARCODE_UNKNOWN',
        params,
        response: { 200: barcodeLookupSchema },
      },
    },
    async (request) => lookupBarcode(db, request.params.code),
  );
};
