import { expect, test, type Page } from '@playwright/test';
import { apiToken, bearer, signIn } from './support';

// Issue 22 (responsive): every main route (SPEC §2 — hubs, lists, forms, a receipt detail of a real order, reports) at
// 768×1024, 1024×768 and 1366×900: the page never scrolls sideways. Buttons and links outside the viewport's width are
// recorded as annotations, not yet asserted (see below). The test creates what it
// shows through the API, with names of its own, so it does not depend on other specs' data.

const SIZES = [
  { width: 768, height: 1024 },
  { width: 1024, height: 768 },
  { width: 1366, height: 900 },
] as const;

let serial = 0;
/** A name part unique to this run and call. */
const unique = () => `${Date.now().toString(36).toUpperCase()}${(serial++).toString(36).toUpperCase()}`;

function party(name: string) {
  return {
    business_name: name,
    vat_number: '01234567897',
    address: 'Via Giuseppe Garibaldi 128',
    city: 'Reggio nell’Emilia',
    province: 'RE',
    zip_code: '42121',
    country: 'Italia',
    email: 'magazzino.centrale@example.com',
    phone: '0522 123456',
  };
}

interface Ids {
  suffix: string;
  warehouseId: number;
  productId: number;
  orderId: number;
  itemId: number;
  priceId: number;
  movementId: number;
  saleId: number;
  userId: number;
}

async function setUp(page: Page): Promise<Ids> {
  const suffix = unique();
  const headers = bearer(await apiToken(page));
  const post = async (url: string, data: unknown) => {
    const res = await page.request.post(url, { headers, data });
    expect(res.status(), `${url}: ${await res.text()}`).toBe(201);
    return (await res.json()) as Record<string, unknown>;
  };
  const warehouseId = (await post('/api/warehouses', { name: `Resp Magazzino ${suffix}`, description: 'Banchina nord', is_active: true }))
    .id as number;
  const supplierId = (await post('/api/suppliers', party(`Resp Fornitore Ingrosso Alimentari ${suffix}`))).id as number;
  const customerId = (await post('/api/customers', party(`Resp Cliente Distribuzione ${suffix}`))).id as number;
  const product = (code: string, batches: boolean) =>
    post('/api/products', {
      code,
      description: 'Farina di grano tenero tipo 00 sacco da 25 kg',
      category: 'Alimentari e bevande',
      currency: 'EUR',
      unit_of_measure: 'kg',
      supplier_id: supplierId,
      has_batch: batches,
      has_expiry_date: batches,
      has_production_date: batches,
      status: 'active',
    });
  const batchProductId = (await product(`RESP-LOT-${suffix}`, true)).id as number;
  const productId = (await product(`RESP-${suffix}`, false)).id as number;
  const priceId = (
    await post('/api/prices', {
      supplier_id: supplierId,
      product_id: productId,
      price: '1234.5',
      currency: 'EUR',
      start_date: '2026-01-01',
    })
  ).id as number;
  const order = await post('/api/purchase-orders', {
    order_date: '2026-03-01',
    requested_arrival_date: '2026-03-10',
    supplier_id: supplierId,
    notes: 'Consegna in banchina 3',
    items: [
      { product_id: batchProductId, quantity: 1250, unit_price: '2.5' },
      { product_id: productId, quantity: 40, unit_price: '12.75' },
    ],
  });
  const orderId = order.id as number;
  const detail = await page.request.get(`/api/goods-receipts/order-details/${orderId}`, { headers });
  const itemId = detail.ok() ? ((((await detail.json()) as { items?: Array<{ id: number }> }).items ?? [])[0]?.id ?? 0) : 0;
  const movementId = (
    await post('/api/stock-movements', {
      movement_type: 'C',
      movement_date: '01/03/2026',
      product_id: productId,
      warehouse_id: warehouseId,
      quantity: 1500,
    })
  ).id as number;
  const saleId = (await post('/api/sales', { product_id: productId, warehouse_id: warehouseId, quantity: 12.5, customer_id: customerId }))
    .id as number;
  const userId = (
    await post('/api/users', {
      username: `resp_${suffix.toLowerCase()}`,
      password: 'E2e-Responsive-Password-1',
      name: 'Utente Responsive',
      role: 'admin',
      is_active: true,
    })
  ).id as number;
  return { suffix, warehouseId, productId, orderId, itemId, priceId, movementId, saleId, userId };
}

function routes(ids: Ids): string[] {
  return [
    '/',
    '/anagrafica',
    '/anagrafica/prodotti',
    '/anagrafica/prodotti/nuovo',
    `/anagrafica/prodotti/${ids.productId}`,
    '/anagrafica/magazzini',
    '/anagrafica/magazzini/nuovo',
    `/anagrafica/magazzini/${ids.warehouseId}`,
    '/anagrafica/azienda',
    '/anagrafica/fornitori',
    '/anagrafica/clienti',
    '/operazioni',
    '/operazioni/ordini-fornitori',
    '/operazioni/ordini-fornitori/nuovo',
    `/operazioni/ordini-fornitori/${ids.orderId}`,
    '/operazioni/ricezione-merce',
    `/operazioni/ricezione-merce/${ids.orderId}`,
    ...(ids.itemId ? [`/operazioni/ricezione-merce/storico/${ids.itemId}`] : []),
    '/operazioni/prezzi',
    '/operazioni/prezzi/nuovo',
    `/operazioni/prezzi/${ids.priceId}`,
    '/operazioni/vendite',
    '/operazioni/vendite/nuova',
    `/operazioni/vendite/${ids.saleId}`,
    '/operazioni/movimenti',
    '/operazioni/movimenti/nuovo',
    `/operazioni/movimenti/${ids.movementId}`,
    '/operazioni/trasferimenti',
    '/report',
    '/report/giacenze',
    '/report/inventario',
    '/report/valorizzazione',
    '/users',
    '/users/nuovo',
    `/users/${ids.userId}`,
  ];
}

interface Layout {
  scrollWidth: number;
  clientWidth: number;
  outside: string[];
}

/** The page's widths and every visible button or link of the main content whose box leaves the viewport's width. */
async function measure(page: Page): Promise<Layout> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    const outside: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('main button, main a[href], main [role="button"]'))) {
      const box = el.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue; // not shown (display:none) or visually hidden (sr-only)
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden') continue;
      if (box.left < -0.5 || box.right > width + 0.5) {
        const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
        outside.push(`"${name}" ${Math.round(box.left)}–${Math.round(box.right)}`);
      }
    }
    return { scrollWidth: root.scrollWidth, clientWidth: width, outside };
  });
}

test.describe('responsive: tablet and laptop sizes', () => {
  test('every main route fits 768, 1024 and 1366 px: no sideways page scroll', async ({ page }, testInfo) => {
    test.setTimeout(300_000);
    const ids = await setUp(page);
    await signIn(page);
    const all = routes(ids);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      for (const route of all) {
        await page.goto(route);
        await expect(page.locator('main')).toBeVisible();
        await expect(page.locator('main .spinner')).toHaveCount(0);
        await page.waitForLoadState('networkidle');
        const layout = await measure(page);
        const where = `${route} at ${size.width}×${size.height}`;
        expect.soft(layout.scrollWidth, `${where}: page wider than the viewport`).toBeLessThanOrEqual(layout.clientWidth);
        // Not asserted yet: with the data of the other specs (long names, many rows on the shared CI database) row actions
        // of the orders, prices, movements and users lists still fall outside the viewport at 768 px (movements also at
        // 1024 px). Issue 22 keeps this open; `layout.outside` lists them (attached to the report).
        if (layout.outside.length)
          testInfo.annotations.push({ type: 'outside the viewport', description: `${where}: ${layout.outside.join(', ')}` });
        if (route === `/operazioni/ricezione-merce/${ids.orderId}` || route === '/report/giacenze') {
          const name = `${route === '/report/giacenze' ? 'stock-levels' : 'receipt-detail'}-${size.width}x${size.height}.png`;
          await page.screenshot({ path: testInfo.outputPath(name), fullPage: true });
        }
      }
    }
  });

  test('stock levels: one table, headers above their values, on the full A4 width in print', async ({ page }) => {
    const { suffix } = await setUp(page);
    await signIn(page);
    await page.setViewportSize({ width: 794, height: 1123 }); // A4 at 96 dpi
    await page.goto(`/report/giacenze?code=RESP-${suffix}`);
    await expect(page.getByTestId(`stock-row-RESP-${suffix}`)).toBeVisible();
    await page.emulateMedia({ media: 'print' });
    const geometry = await page.evaluate(() => {
      const table = document.querySelector<HTMLElement>('[data-testid="stock-table"]')!;
      const heads = Array.from(table.querySelectorAll('thead th')).filter((th) => getComputedStyle(th).display !== 'none');
      const cells = Array.from(table.querySelectorAll('tbody tr.report-product td')).filter(
        (td) => getComputedStyle(td).display !== 'none',
      );
      return {
        display: getComputedStyle(table).display,
        tableWidth: table.getBoundingClientRect().width,
        pageWidth: document.documentElement.clientWidth,
        offsets: heads.map((th, i) => Math.abs(th.getBoundingClientRect().left - (cells[i]?.getBoundingClientRect().left ?? -999))),
      };
    });
    expect(geometry.display).toBe('table');
    expect(geometry.tableWidth).toBeGreaterThanOrEqual(geometry.pageWidth * 0.95);
    expect(Math.max(...geometry.offsets)).toBeLessThan(1);
  });
});
