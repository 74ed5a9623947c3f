import http from 'node:http';
import Fastify from 'fastify';
import { registerCompression } from '../../src/web/compress';
import { Coalesce, csvDate, csvDecimal, keysetBatches, sendCsv } from '../../src/http/csv';

describe('csvDecimal: exact digits, decimal comma, no grouping', () => {
  it('writes numeric text with a comma and drops trailing zeros', () => {
    expect(csvDecimal('1234.500')).toBe('1234,5');
    expect(csvDecimal('12.000')).toBe('12');
    expect(csvDecimal('0.001')).toBe('0,001');
    expect(csvDecimal('-3.250')).toBe('-3,25');
    expect(csvDecimal(0.1)).toBe('0,1');
    expect(csvDecimal(null)).toBe('');
  });

  it('rounds half away from zero on the digits and pads to the minimum', () => {
    expect(csvDecimal('2.675', { maxDecimals: 2 })).toBe('2,68'); // a float would say 2,67
    expect(csvDecimal('-2.675', { maxDecimals: 2 })).toBe('-2,68');
    expect(csvDecimal('9.999', { maxDecimals: 2 })).toBe('10');
    expect(csvDecimal('9.999', { minDecimals: 2, maxDecimals: 2 })).toBe('10,00');
    expect(csvDecimal('-0.001', { maxDecimals: 2 })).toBe('0');
    expect(csvDecimal('123456789012345.123456789', { minDecimals: 2, maxDecimals: 5 })).toBe('123456789012345,12346');
  });

  it('dates are dd/MM/yyyy', () => {
    expect(csvDate('2026-03-07')).toBe('07/03/2026');
    expect(csvDate(null)).toBe('');
  });
});

describe('sendCsv', () => {
  async function appWith(rows: AsyncIterable<{ code: string; q: string }> | Iterable<{ code: string; q: string }>) {
    const app = Fastify();
    app.get('/x', (_req, reply) =>
      sendCsv(reply, {
        filename: 'giacenze à.csv',
        columns: [
          { header: 'Codice', value: (r) => r.code },
          { header: 'Quantità', value: (r) => csvDecimal(r.q) },
        ],
        rows,
      }),
    );
    await app.ready();
    return app;
  }

  it('answers UTF-8 with BOM, ; separator, CRLF, translated headers and quotes where needed', async () => {
    const app = await appWith([
      { code: 'A;1', q: '1.500' },
      { code: 'B "x"', q: '2' },
    ]);
    const res = await app.inject({ method: 'GET', url: '/x' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''giacenze%20%C3%A0.csv");
    const raw = res.rawPayload;
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(raw.subarray(3).toString('utf8')).toBe('Codice;Quantità\r\n"A;1";1,5\r\n"B ""x""";2\r\n');
    await app.close();
  });

  it('pulls rows lazily in keyset batches until a short batch', async () => {
    const calls: (number | null)[] = [];
    const total = 25_000;
    const rows = keysetBatches<{ n: number }>(async (after) => {
      const from = after ? after.n + 1 : 0;
      calls.push(after?.n ?? null);
      return Array.from({ length: Math.max(0, Math.min(1000, total - from)) }, (_, i) => ({ n: from + i }));
    }, 1000);
    const app = Fastify();
    app.get('/x', (_req, reply) => sendCsv(reply, { filename: 'n.csv', columns: [{ header: 'n', value: (r) => r.n }], rows }));
    const res = await app.inject({ method: 'GET', url: '/x' });
    const lines = res.rawPayload.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(lines).toHaveLength(total + 1);
    expect(lines[total]).toBe(String(total - 1));
    expect(calls).toHaveLength(26); // 25 full batches and the empty one that ends it
    await app.close();
  });

  it('a query failing mid-stream breaks the download instead of ending it as complete', async () => {
    async function* failing() {
      yield { code: 'A', q: '1' };
      throw new Error('db gone');
    }
    const app = await appWith(failing());
    await expect(app.inject({ method: 'GET', url: '/x' })).rejects.toBeDefined();
    await app.close();
  });

  it.each(['gzip', 'br', 'identity'])(
    'a failure mid-stream is logged once, by the export, also through compression (%s)',
    async (encoding) => {
      const lines: { level: number; msg: string; err?: { message: string } }[] = [];
      const app = Fastify({
        logger: { level: 'info', stream: { write: (line: string) => void lines.push(JSON.parse(line)) } },
      });
      await registerCompression(app);
      async function* failing() {
        for (let i = 0; i < 3000; i++) yield { code: `A${i}`, q: '1' };
        throw new Error('db gone');
      }
      app.get('/x', (_req, reply) =>
        sendCsv(reply, { filename: 'x.csv', columns: [{ header: 'Codice', value: (r) => r.code }], rows: failing() }),
      );
      await app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = app.server.address() as { port: number };
      const outcome = await new Promise<string>((resolve) => {
        const req = http.get({ port, path: '/x', headers: { 'accept-encoding': encoding } }, (res) => {
          res.on('data', () => undefined);
          res.on('end', () => resolve(res.complete ? 'complete' : 'cut'));
          res.on('error', () => resolve('cut'));
          res.on('aborted', () => resolve('cut'));
        });
        req.on('error', () => resolve('cut'));
      });
      await app.close();
      expect(outcome).toBe('cut');
      const errors = lines.filter((l) => l.level >= 50);
      expect(errors.map((l) => [l.msg, l.err?.message])).toEqual([['CSV export failed while streaming: download cut off', 'db gone']]);
    },
  );
});

describe('Coalesce: rows leave in large chunks (one compression job per 64 KB, not per row)', () => {
  it('gathers small writes into chunks of at least the limit, the rest at the end, bytes unchanged', async () => {
    const c = new Coalesce(1000);
    const out: Buffer[] = [];
    c.on('data', (b: Buffer) => out.push(b));
    const ended = new Promise((r) => c.on('end', r));
    const written: Buffer[] = [];
    for (let i = 0; i < 2500; i++) {
      const b = Buffer.from(`riga ${i};1,5\r\n`);
      written.push(b);
      c.write(b);
    }
    c.end();
    await ended;
    expect(Buffer.concat(out).equals(Buffer.concat(written))).toBe(true);
    expect(out.length).toBeLessThan(50); // 2 500 writes of ~14 bytes
    for (const chunk of out.slice(0, -1)) expect(chunk.length).toBeGreaterThanOrEqual(1000);
  });
});
