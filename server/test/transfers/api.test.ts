/**
 * Transfers through the real routes (issue 26): draft → ship (into transit) → receive in full or short with reasons, one
 * step, cancel, reverse; exactly once with Idempotency-Key; two transfers racing for one batch; permissions; the transit
 * location hidden from the registry and refused to every other source. Runs on PGlite and, with DATABASE_URL, PostgreSQL.
 */
import { ledgerMatchesBalances } from '../../src/stock/ledger';
import { makeTestApp, type TestApp } from '../helpers';
import { act, balance, createTransfer, load, makeProduct, makeWarehouse, totalOf, transitId } from './kit';

jest.setTimeout(120_000);

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await makeTestApp();
  ({ headers } = await t.signIn('warehouse'));
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  const check = await ledgerMatchesBalances(t.db);
  expect(check.mismatches).toEqual([]);
  expect(check.ok).toBe(true);
});

async function setup(quantity = 10, batch = 'L1') {
  const a = await makeWarehouse(t.db);
  const b = await makeWarehouse(t.db);
  const p = await makeProduct(t.db, { hasBatch: true, hasExpiry: true });
  await load(t.db, { productId: p.id, warehouseId: a.id, quantity, batch, expiry: '2027-06-30' });
  return { a, b, p };
}

it('creates a draft with a TR number, ships it into transit and receives it in full: Σ stock unchanged, both legs in the ledger', async () => {
  const { a, b, p } = await setup(10);
  const draft = await createTransfer(t, headers, a.id, b.id, [{ product_id: p.id, batch_number: 'L1', quantity: '4.5' }], {
    carrier: 'Corriere Rossi',
    packages: 2,
    gross_weight: '12.5',
  });
  expect(draft.status).toBe('draft');
  expect(draft.number).toMatch(/^TR-\d{4}-\d{5,}$/);
  expect(draft.lines[0].quantity).toBe('4.500');
  expect(await balance(t.db, p.id, a.id, 'L1')).toBe('10.000');

  const shipped = await act(t, headers, draft.id, 'ship', {});
  expect(shipped.statusCode).toBe(200);
  expect(shipped.json()).toMatchObject({ status: 'in_transit', gross_weight: '12.500', packages: 2 });
  expect(shipped.json().lines[0]).toMatchObject({ expiry_date: '2027-06-30', received_quantity: null });
  const transit = (await transitId(t)) as number;
  expect(await balance(t.db, p.id, a.id, 'L1')).toBe('5.500');
  expect(await balance(t.db, p.id, transit, 'L1')).toBe('4.500');
  expect(await totalOf(t, p.id, 'L1')).toBe('10.000');

  // The product's stock shows the goods on the truck as an in-transit row.
  const stock = await t.app.inject({ method: 'GET', url: `/api/stock/product/${p.id}`, headers });
  expect(stock.json()).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ warehouse_id: a.id, quantity: '5.500', in_transit: false }),
      expect.objectContaining({ warehouse_id: transit, quantity: '4.500', in_transit: true }),
    ]),
  );

  // Stock levels: the total keeps the goods on the truck, in_transit says how many; the filter lists only those.
  const levels = await t.app.inject({ method: 'GET', url: `/api/stock/levels?code=${encodeURIComponent(p.code)}`, headers });
  expect(levels.json()).toEqual([expect.objectContaining({ quantity: '10.000', in_transit: '4.500', warehouses: 1 })]);
  const onlyTransit = await t.app.inject({ method: 'GET', url: '/api/stock/levels?in_transit=true&limit=1000', headers });
  expect(onlyTransit.json()).toEqual(
    expect.arrayContaining([expect.objectContaining({ product_id: p.id, quantity: '4.500', in_transit: '4.500' })]),
  );
  expect(onlyTransit.json().every((r: { in_transit: string }) => r.in_transit !== '0.000')).toBe(true);

  const received = await act(t, headers, draft.id, 'receive', {});
  expect(received.statusCode).toBe(200);
  expect(received.json().status).toBe('received');
  expect(received.json().lines[0]).toMatchObject({ received_quantity: '4.500', shortfall_reason: null });
  expect(await balance(t.db, p.id, b.id, 'L1')).toBe('4.500');
  expect(await balance(t.db, p.id, transit, 'L1')).toBe('0.000');
  expect(await totalOf(t, p.id, 'L1')).toBe('10.000');

  const legs = await t.db.query<{ movement_type: string; warehouse_id: number; destination_warehouse_id: number; source_line_id: number }>(
    `SELECT movement_type, warehouse_id, destination_warehouse_id, source_line_id FROM stock_movements
      WHERE source_type = 'TR' AND source_document_id = $1 ORDER BY id`,
    [draft.id],
  );
  expect(legs.rows).toEqual([
    { movement_type: 'T', warehouse_id: a.id, destination_warehouse_id: transit, source_line_id: draft.lines[0].id },
    { movement_type: 'T', warehouse_id: transit, destination_warehouse_id: b.id, source_line_id: draft.lines[0].id },
  ]);
  // Received again: refused, nothing moves.
  const again = await act(t, headers, draft.id, 'receive', {});
  expect(again.statusCode).toBe(409);
  expect(again.json().code).toBe('TRANSFER_NOT_IN_TRANSIT');
});

it('a partial receipt: returned goods go back to the source, damaged ones are written off from transit; a reason is required', async () => {
  const { a, b, p } = await setup(20);
  const q = await makeProduct(t.db);
  await load(t.db, { productId: q.id, warehouseId: a.id, quantity: 8 });
  const tr = await createTransfer(t, headers, a.id, b.id, [
    { product_id: p.id, batch_number: 'L1', quantity: 10 },
    { product_id: q.id, quantity: 5 },
  ]);
  expect((await act(t, headers, tr.id, 'ship')).statusCode).toBe(200);
  const [l1, l2] = tr.lines;

  const noReason = await act(t, headers, tr.id, 'receive', { lines: [{ line_id: l1.id, quantity: 6 }] });
  expect(noReason.statusCode).toBe(400);
  expect(noReason.json().fields).toEqual({ 'lines.0.reason': 'Indica il motivo della differenza' });
  const tooMuch = await act(t, headers, tr.id, 'receive', { lines: [{ line_id: l2.id, quantity: '5.001' }] });
  expect(tooMuch.statusCode).toBe(400);
  expect(tooMuch.json().fields['lines.0.quantity']).toBe('Quantità superiore a quella spedita (5)');
  const fr = await act(t, { ...headers, 'accept-language': 'fr' }, tr.id, 'receive', { lines: [{ line_id: 999999, quantity: 1 }] });
  expect(fr.json().fields['lines.0.line_id']).toBe('Ligne n’appartenant pas à ce transfert');

  const res = await act(t, headers, tr.id, 'receive', {
    lines: [
      { line_id: l1.id, quantity: '6', reason: 'returned' },
      { line_id: l2.id, quantity: 2, reason: 'damaged' },
    ],
  });
  expect(res.statusCode).toBe(200);
  expect(res.json().status).toBe('partially_received');
  expect(
    res.json().lines.map((l: { received_quantity: string; shortfall_reason: string }) => [l.received_quantity, l.shortfall_reason]),
  ).toEqual([
    ['6.000', 'returned'],
    ['2.000', 'damaged'],
  ]);
  const transit = (await transitId(t)) as number;
  expect(await balance(t.db, p.id, a.id, 'L1')).toBe('14.000'); // 20 − 10 + 4 returned
  expect(await balance(t.db, p.id, b.id, 'L1')).toBe('6.000');
  expect(await balance(t.db, p.id, transit, 'L1')).toBe('0.000');
  expect(await totalOf(t, p.id, 'L1')).toBe('20.000'); // a return changes nothing in total
  expect(await balance(t.db, q.id, a.id)).toBe('3.000');
  expect(await balance(t.db, q.id, b.id)).toBe('2.000');
  expect(await totalOf(t, q.id)).toBe('5.000'); // 3 written off
  const writeOff = await t.db.query<{ movement_type: string; notes: string }>(
    `SELECT movement_type, notes FROM stock_movements WHERE source_type = 'TR' AND product_id = $1 AND movement_type = 'S'`,
    [q.id],
  );
  expect(writeOff.rows).toEqual([{ movement_type: 'S', notes: `${tr.number} · damaged` }]);
});

it('one step (receive: true) moves both legs in one transaction; cancel only a draft; reverse only what is in transit', async () => {
  const { a, b, p } = await setup(10);
  const one = await createTransfer(t, headers, a.id, b.id, [{ product_id: p.id, batch_number: 'L1', quantity: 3 }]);
  const res = await act(t, headers, one.id, 'ship', { receive: true });
  expect(res.statusCode).toBe(200);
  expect(res.json().status).toBe('received');
  expect(await balance(t.db, p.id, b.id, 'L1')).toBe('3.000');

  const draft = await createTransfer(t, headers, a.id, b.id, [{ product_id: p.id, batch_number: 'L1', quantity: 1 }]);
  expect((await act(t, headers, draft.id, 'cancel')).json().status).toBe('cancelled');
  const shipCancelled = await act(t, headers, draft.id, 'ship');
  expect(shipCancelled.statusCode).toBe(409);
  expect(shipCancelled.json().code).toBe('TRANSFER_NOT_DRAFT');

  const back = await createTransfer(t, headers, a.id, b.id, [{ product_id: p.id, batch_number: 'L1', quantity: 2 }]);
  expect((await act(t, headers, back.id, 'reverse')).statusCode).toBe(409);
  await act(t, headers, back.id, 'ship');
  expect(await balance(t.db, p.id, a.id, 'L1')).toBe('5.000');
  const reversed = await act(t, headers, back.id, 'reverse');
  expect(reversed.statusCode).toBe(200);
  expect(reversed.json().status).toBe('reversed');
  expect(await balance(t.db, p.id, a.id, 'L1')).toBe('7.000');
  expect(await balance(t.db, p.id, (await transitId(t)) as number, 'L1')).toBe('0.000');
  expect((await act(t, headers, back.id, 'receive')).statusCode).toBe(409);
  expect((await act(t, headers, back.id, 'cancel')).statusCode).toBe(409);
});

it('ship and receive are exactly once with an Idempotency-Key: the replay answers the same, stock moves once', async () => {
  const { a, b, p } = await setup(10);
  const tr = await createTransfer(t, headers, a.id, b.id, [{ product_id: p.id, batch_number: 'L1', quantity: 4 }]);
  const answers = await Promise.all(Array.from({ length: 5 }, () => act(t, headers, tr.id, 'ship', {}, 'ship-once-1')));
  expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
  expect(answers.filter((r) => r.headers['idempotency-replayed'] === 'true')).toHaveLength(4);
  expect(await balance(t.db, p.id, a.id, 'L1')).toBe('6.000');
  const r1 = await act(t, headers, tr.id, 'receive', {}, 'recv-1');
  const r2 = await act(t, headers, tr.id, 'receive', {}, 'recv-1');
  expect([r1.statusCode, r2.statusCode]).toEqual([200, 200]);
  expect(r2.json()).toEqual(r1.json());
  expect(await balance(t.db, p.id, b.id, 'L1')).toBe('4.000');
  // A draft created twice with one key (a double click) is one transfer, one number.
  const body = {
    from_warehouse_id: a.id,
    to_warehouse_id: b.id,
    transfer_date: '2026-11-25',
    lines: [{ product_id: p.id, batch_number: 'L1', quantity: 1 }],
  };
  const create = () =>
    t.app.inject({ method: 'POST', url: '/api/transfers', headers: { ...headers, 'idempotency-key': 'create-once' }, payload: body });
  const [c1, c2] = [await create(), await create()];
  expect([c1.statusCode, c2.statusCode]).toEqual([201, 201]);
  expect(c2.json()).toEqual(c1.json());
  expect(c2.headers['idempotency-replayed']).toBe('true');
  const moves = await t.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM stock_movements WHERE source_document_id = $1 AND source_type = 'TR'`,
    [tr.id],
  );
  expect(moves.rows[0].n).toBe(2);
});

it('two transfers of 6 from a batch of 10 shipped at once: one ships, the other is a 409 naming the 4 available', async () => {
  const { a, b, p } = await setup(10, 'RACE');
  const c = await makeWarehouse(t.db);
  const t1 = await createTransfer(t, headers, a.id, b.id, [{ product_id: p.id, batch_number: 'RACE', quantity: 6 }]);
  const t2 = await createTransfer(t, headers, a.id, c.id, [{ product_id: p.id, batch_number: 'RACE', quantity: 6 }]);
  const answers = await Promise.all([act(t, headers, t1.id, 'ship'), act(t, headers, t2.id, 'ship')]);
  expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  const refused = answers.find((r) => r.statusCode === 409)!;
  expect(refused.json().code).toBe('INSUFFICIENT_STOCK');
  expect(refused.json().error).toContain('disponibili 4');
  expect(await balance(t.db, p.id, a.id, 'RACE')).toBe('4.000');
  const statuses = await t.db.query<{ status: string }>('SELECT status FROM transfers WHERE id = ANY($1::bigint[]) ORDER BY status', [
    [t1.id, t2.id],
  ]);
  expect(statuses.rows.map((r) => r.status)).toEqual(['draft', 'in_transit']);
});

it('permissions: administration reads but does not write, sales neither; the list filters by status and warehouse', async () => {
  const { a, b, p } = await setup(5);
  const tr = await createTransfer(t, headers, a.id, b.id, [{ product_id: p.id, batch_number: 'L1', quantity: 1 }]);
  const admin = (await t.signIn('administration')).headers;
  const sales = (await t.signIn('sales')).headers;
  expect((await t.app.inject({ method: 'GET', url: `/api/transfers/${tr.id}`, headers: admin })).statusCode).toBe(200);
  expect((await act(t, admin, tr.id, 'ship')).statusCode).toBe(403);
  expect((await t.app.inject({ method: 'GET', url: '/api/transfers', headers: sales })).statusCode).toBe(403);
  const list = await t.app.inject({ method: 'GET', url: `/api/transfers?status=draft&warehouse_id=${b.id}`, headers: admin });
  expect(list.statusCode).toBe(200);
  expect(list.json().map((r: { id: number }) => r.id)).toEqual([tr.id]);
  expect(list.json()[0]).toMatchObject({ line_count: 1, total_quantity: '1.000', from_warehouse_name: a.name });
  const search = await t.app.inject({ method: 'GET', url: `/api/transfers?q=${tr.number}`, headers });
  expect(search.json().map((r: { id: number }) => r.id)).toEqual([tr.id]);
});

it('the list gives the quantities per unit of measure, first line first: litres and pieces never added together', async () => {
  const { a, b, p } = await setup(10); // pieces, batch L1
  const oil = await makeProduct(t.db, { unit: 'l' });
  const water = await makeProduct(t.db, { unit: 'l' });
  await load(t.db, { productId: oil.id, warehouseId: a.id, quantity: '20' });
  await load(t.db, { productId: water.id, warehouseId: a.id, quantity: '20' });
  const tr = await createTransfer(t, headers, a.id, b.id, [
    { product_id: oil.id, quantity: '12.5' },
    { product_id: p.id, batch_number: 'L1', quantity: 3 },
    { product_id: water.id, quantity: '2' },
  ]);
  const list = await t.app.inject({ method: 'GET', url: `/api/transfers?q=${tr.number}`, headers });
  expect(list.json()[0]).toMatchObject({
    line_count: 3,
    quantities: [
      { unit_of_measure: 'l', quantity: '14.500' },
      { unit_of_measure: 'piece', quantity: '3.000' },
    ],
  });
});

it('bad input is a 400 naming the field and writes nothing', async () => {
  const { a, p } = await setup(5);
  const post = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/transfers', headers, payload });
  const base = {
    from_warehouse_id: a.id,
    to_warehouse_id: a.id,
    transfer_date: '25/11/2026',
    lines: [{ product_id: p.id, batch_number: 'L1', quantity: 1 }],
  };
  const before = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM transfers');
  const same = await post(base);
  expect(same.statusCode).toBe(400);
  expect(Object.keys(same.json().fields)).toEqual(['to_warehouse_id']);
  const b = await makeWarehouse(t.db);
  const noLines = await post({ ...base, to_warehouse_id: b.id, lines: [] });
  expect(noLines.json().fields).toEqual({ lines: 'Aggiungi almeno una riga al trasferimento' });
  const noBatch = await post({ ...base, to_warehouse_id: b.id, lines: [{ product_id: p.id, quantity: 1 }] });
  expect(noBatch.statusCode).toBe(400);
  expect(Object.keys(noBatch.json().fields)).toEqual(['lines.0.batch_number']);
  const badQty = await post({ ...base, to_warehouse_id: b.id, lines: [{ product_id: p.id, batch_number: 'L1', quantity: '1.2345' }] });
  expect(badQty.statusCode).toBe(400);
  const dup = await post({ ...base, to_warehouse_id: b.id, lines: [base.lines[0], base.lines[0]] });
  expect(Object.keys(dup.json().fields)).toEqual(['lines.1.batch_number']);
  // Packages: a whole number from 0 to 100 000, each refusal in its own words (typed in the form or sent as JSON).
  const packages = async (value: unknown) => (await post({ ...base, to_warehouse_id: b.id, packages: value })).json().fields;
  expect(await packages('-1')).toEqual({ packages: 'Il valore non può essere negativo' });
  expect(await packages(-1)).toEqual({ packages: 'Il valore non può essere negativo' });
  expect(await packages('100001')).toEqual({ packages: 'Valore troppo grande (massimo 100.000)' });
  expect(await packages(2.5)).toEqual({ packages: 'Valore non valido' });
  expect(await packages('tre')).toEqual({ packages: 'Valore non valido' });
  const ghost = await post({ ...base, to_warehouse_id: 99999999 });
  expect(ghost.statusCode).toBe(400);
  expect(ghost.json().code).toBe('WAREHOUSE_NOT_FOUND');
  const after = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM transfers');
  expect(after.rows[0].n).toBe(before.rows[0].n);
});

it('the transit location is hidden from the registry, refused to manual movements, and cannot be deleted', async () => {
  const { a, b, p } = await setup(5);
  const tr = await createTransfer(t, headers, a.id, b.id, [{ product_id: p.id, batch_number: 'L1', quantity: 1 }]);
  await act(t, headers, tr.id, 'ship');
  const transit = (await transitId(t)) as number;
  const admin = (await t.signIn('admin')).headers;
  const list = await t.app.inject({ method: 'GET', url: '/api/warehouses?limit=1000', headers: admin });
  expect(list.json().map((w: { id: number }) => w.id)).not.toContain(transit);
  expect((await t.app.inject({ method: 'GET', url: `/api/warehouses/${transit}`, headers: admin })).statusCode).toBe(404);
  expect((await t.app.inject({ method: 'DELETE', url: `/api/warehouses/${transit}`, headers: admin })).statusCode).toBe(404);
  const manual = await t.app.inject({
    method: 'POST',
    url: '/api/stock-movements',
    headers: admin,
    payload: { movement_type: 'S', movement_date: '25/11/2026', product_id: p.id, warehouse_id: transit, batch_number: 'L1', quantity: 1 },
  });
  expect(manual.statusCode).toBe(400);
  expect(manual.json().code).toBe('WAREHOUSE_NOT_FOUND');
  await expect(t.db.query('UPDATE warehouses SET deleted_at = now() WHERE id = $1', [transit])).rejects.toThrow(/transit/);
  // A transfer cannot end in transit either.
  const toTransit = await t.app.inject({
    method: 'POST',
    url: '/api/transfers',
    headers,
    payload: {
      from_warehouse_id: a.id,
      to_warehouse_id: transit,
      transfer_date: '2026-11-25',
      lines: [{ product_id: p.id, batch_number: 'L1', quantity: 1 }],
    },
  });
  expect(toTransit.statusCode).toBe(400);
  // Nothing is counted there (issue 25) and no minimum / maximum is kept there (issue 28).
  const count = await t.app.inject({ method: 'POST', url: '/api/inventory-counts', headers: admin, payload: { warehouse_id: transit } });
  expect(count.statusCode).toBe(400);
  const limits = await t.app.inject({
    method: 'PUT',
    url: `/api/products/${p.id}/stock-limits`,
    headers: admin,
    payload: { limits: [{ warehouse_id: transit, min: '1', max: '2' }] },
  });
  expect(limits.statusCode).toBe(400);
});

it('opposite multi-line transfers shipped and received at once never deadlock: every answer 200, stock where it should be', async () => {
  const a = await makeWarehouse(t.db);
  const b = await makeWarehouse(t.db);
  const p1 = await makeProduct(t.db);
  const p2 = await makeProduct(t.db);
  for (const w of [a, b]) for (const p of [p1, p2]) await load(t.db, { productId: p.id, warehouseId: w.id, quantity: 100 });
  const pairs = await Promise.all(
    Array.from({ length: 8 }, async (_, i) => [
      await createTransfer(t, headers, a.id, b.id, [
        { product_id: p1.id, quantity: 1 },
        { product_id: p2.id, quantity: 2 },
      ]),
      await createTransfer(t, headers, b.id, a.id, [
        { product_id: p2.id, quantity: 1 },
        { product_id: p1.id, quantity: 2 + (i % 2) },
      ]),
    ]),
  );
  const all = pairs.flat();
  const shipped = await Promise.all(all.map((x) => act(t, headers, x.id, 'ship', { receive: true })));
  expect(shipped.map((r) => r.statusCode)).toEqual(all.map(() => 200));
  // p1: A sends 8 × 1, receives 4 × 2 + 4 × 3 = 20; p2: A sends 8 × 2, receives 8 × 1.
  expect(await balance(t.db, p1.id, a.id)).toBe('112.000');
  expect(await balance(t.db, p2.id, a.id)).toBe('92.000');
  expect(await totalOf(t, p1.id)).toBe('200.000');
  expect(await totalOf(t, p2.id)).toBe('200.000');
});

it('a warehouse a draft or goods in transit still name cannot be deleted (409 naming them); once received it can', async () => {
  const { a, b, p } = await setup(5);
  const admin = (await t.signIn('admin')).headers;
  const remove = (id: number, lang = 'it') =>
    t.app.inject({ method: 'DELETE', url: `/api/warehouses/${id}`, headers: { ...admin, 'accept-language': lang } });
  const tr = await createTransfer(t, headers, a.id, b.id, [{ product_id: p.id, batch_number: 'L1', quantity: 5 }]);
  const { number } = tr;

  const draftOnly = await remove(b.id);
  expect(draftOnly.statusCode).toBe(409);
  expect(draftOnly.json()).toEqual({
    code: 'WAREHOUSE_HAS_OPEN_TRANSFERS',
    error: `Impossibile eliminare il magazzino: è usato da trasferimenti aperti (${number}); ricevili o stornali, scarta le bozze`,
  });
  await act(t, headers, tr.id, 'ship');
  // The source is empty now, its goods in transit: it cannot go either, nor can the destination.
  expect((await remove(a.id, 'fr')).json().error).toContain(`des transferts ouverts l’utilisent (${number})`);
  expect((await remove(b.id)).json().code).toBe('WAREHOUSE_HAS_OPEN_TRANSFERS');
  expect((await act(t, headers, tr.id, 'receive', {})).statusCode).toBe(200);
  // Received: the source, empty, may go; the destination holds the goods.
  expect((await remove(a.id)).statusCode).toBe(200);
  expect((await remove(b.id)).json().code).toBe('WAREHOUSE_NOT_EMPTY');
  // A received transfer is not in transit: in French it can be neither received nor reversed ("extourné").
  const again = await t.app.inject({
    method: 'POST',
    url: `/api/transfers/${tr.id}/reverse`,
    headers: { ...headers, 'accept-language': 'fr' },
  });
  expect(again.json().error).toBe(`Le transfert ${number} n’est pas en transit : il ne peut pas être réceptionné ou extourné`);
});
