import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { companyDay, stockLevelRowSchema, unitLabel, valuationSchema } from '@wms/shared-api';
import { csvDate, csvDecimal, sendCsv, type CsvColumn } from '../http/csv';
import { render } from '../http/errors';
import { requestLang } from '../http/lang';
import { sendPage } from '../http/page';
import { scheduleClosings } from './closings';
import { reportMessages as m } from './messages';
import { stockLevelsExportQuery, stockLevelsQuery, valuationExportQuery, valuationQuery } from './schemas';
import { listStockLevels, stockLevelExportRows, type StockLevelExportRow } from './stock-levels';
import { valuation, valuationExportRows, valuationTotals, type ValuationQuery } from './valuation';
import type { ValuationRow } from '@wms/shared-api';

/**
 * The reports of SPEC §2 (/report/giacenze, /report/valorizzazione) on the stock ledger: stock levels per product (its
 * warehouses and batches come from GET /stock/product/{id}), and the valuation at a date. Each has a streamed CSV export
 * of everything its filters select (http/csv.ts).
 */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const tags = ['reports'];
  scheduleClosings(app);

  app.get(
    '/stock/levels',
    {
      config: { permission: 'stockLevels' },
      schema: {
        tags,
        summary:
          'Stock levels: one row per product holding stock (total, unit, warehouses, batches), by product code; total in X-Total-Count',
        querystring: stockLevelsQuery,
        response: { 200: z.array(stockLevelRowSchema) },
      },
    },
    async (request, reply) => sendPage(reply, await listStockLevels(db, request.query)),
  );

  app.get(
    '/stock/levels/export',
    {
      config: { permission: 'stockLevels' },
      schema: {
        tags,
        summary:
          'Stock levels as CSV (UTF-8 BOM, ";", decimal comma): one line per product, warehouse and batch the filters select; streamed',
        querystring: stockLevelsExportQuery,
      },
    },
    async (request, reply) => {
      const lang = requestLang(request);
      const h = (k: keyof typeof m) => render(m[k], lang);
      const columns: CsvColumn<StockLevelExportRow>[] = [
        { header: h('code'), value: (r) => r.product_code },
        { header: h('description'), value: (r) => r.product_description },
        { header: h('family'), value: (r) => r.product_category },
        { header: h('warehouse'), value: (r) => r.warehouse_name },
        { header: h('batch'), value: (r) => r.batch_number },
        { header: h('expiry'), value: (r) => csvDate(r.expiry_date) },
        { header: h('production'), value: (r) => csvDate(r.production_date) },
        { header: h('quantity'), value: (r) => csvDecimal(r.quantity) },
        { header: h('unit'), value: (r) => unitLabel(r.unit_of_measure, lang) },
      ];
      return sendCsv(reply, {
        filename: render(m.stockFile, lang, { day: companyDay() }),
        columns,
        rows: stockLevelExportRows(db, request.query),
      });
    },
  );

  const valuationInput = (qs: {
    startDate?: string;
    endDate?: string;
    warehouseId: number | null;
    showZeroPrices: boolean;
    groupByProduct: boolean;
  }) => {
    const today = companyDay();
    const endDate = qs.endDate ?? (qs.startDate && qs.startDate > today ? qs.startDate : today);
    const startDate = qs.startDate ?? (endDate < today ? endDate : today);
    return { startDate, endDate, warehouseId: qs.warehouseId, showZeroPrices: qs.showZeroPrices, groupByProduct: qs.groupByProduct };
  };

  app.get(
    '/stock/valuation',
    {
      config: { permission: 'valuation' },
      schema: {
        tags,
        summary: 'Stock valuation at the end of endDate: rows of one page of products, per-currency totals of all, movements of the period',
        querystring: valuationQuery,
        response: { 200: valuationSchema },
      },
    },
    async (request) => {
      const qs = request.query;
      return valuation(db, { ...valuationInput(qs), limit: qs.limit, offset: qs.offset });
    },
  );

  app.get(
    '/stock/valuation/export',
    {
      config: { permission: 'valuation' },
      schema: {
        tags,
        summary: 'Stock valuation as CSV: every row of the selection, then one total line per currency; streamed',
        querystring: valuationExportQuery,
      },
    },
    async (request, reply) => {
      const lang = requestLang(request);
      const h = (k: keyof typeof m) => render(m[k], lang);
      const v: ValuationQuery = { ...valuationInput(request.query), limit: 1, offset: 0 };
      const columns: CsvColumn<ValuationRow>[] = [
        { header: h('code'), value: (r) => r.product_code },
        { header: h('description'), value: (r) => r.product_description },
        { header: h('warehouse'), value: (r) => r.warehouse_name },
        ...(v.groupByProduct ? [] : [{ header: h('batch'), value: (r: ValuationRow) => r.batch_number }]),
        { header: h('quantity'), value: (r) => csvDecimal(r.quantity) },
        { header: h('unit'), value: (r) => unitLabel(r.unit_of_measure, lang) },
        { header: h('unitPrice'), value: (r) => csvDecimal(r.unit_price, { minDecimals: 2, maxDecimals: 5 }) },
        { header: h('currency'), value: (r) => r.currency },
        { header: h('value'), value: (r) => csvDecimal(r.value, { minDecimals: 2, maxDecimals: 5 }) },
      ];
      async function* rows(): AsyncGenerator<ValuationRow> {
        yield* valuationExportRows(db, v);
        for (const t of await valuationTotals(db, v)) {
          yield {
            product_id: 0,
            product_code: render(m.total, lang, { currency: t.currency }),
            product_description: '',
            warehouse_id: 0,
            warehouse_name: '',
            batch_number: null,
            quantity: '',
            unit_price: '',
            currency: t.currency,
            value: t.value,
            unit_of_measure: null,
          };
        }
      }
      return sendCsv(reply, {
        filename: render(m.valuationFile, lang, { day: v.endDate }),
        columns,
        rows: rows(),
      });
    },
  );
};
