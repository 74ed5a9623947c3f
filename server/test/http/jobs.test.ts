import Fastify from 'fastify';
import { runExclusive, scheduleJob } from '../../src/db/jobs';
import { openTestDb, type TestDb } from '../helpers';

// Background jobs run once across every app server sharing the database (issue 23): a run holds the job's advisory lock
// for its transaction; another instance asking meanwhile skips its round.
let t: TestDb;
beforeAll(async () => {
  t = await openTestDb();
});
afterAll(() => t.drop());

const onPostgres = process.env.DATABASE_URL ? it : it.skip; // PGlite is one connection: transactions queue, none overlap

onPostgres('while one instance runs a job, another asking for the same job skips it; a different job still runs', async () => {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  let entered!: () => void;
  const inside = new Promise<void>((r) => (entered = r));
  const first = runExclusive(t.db, 'test-job', async () => {
    entered();
    await held;
    return 'first';
  });
  await inside;
  expect(await runExclusive(t.db, 'test-job', async () => 'second')).toEqual({ ran: false });
  expect(await runExclusive(t.db, 'other-job', async () => 'other')).toEqual({ ran: true, value: 'other' });
  release();
  expect(await first).toEqual({ ran: true, value: 'first' });
  // The lock went with the commit.
  expect(await runExclusive(t.db, 'test-job', async () => 'again')).toEqual({ ran: true, value: 'again' });
});

it('a job runs in one transaction: its writes and the lock end together (a failure rolls back and frees the lock)', async () => {
  await expect(
    runExclusive(t.db, 'failing-job', async (q) => {
      await q.query(`CREATE TEMP TABLE IF NOT EXISTS job_probe (n int)`);
      throw new Error('boom');
    }),
  ).rejects.toThrow('boom');
  expect(await runExclusive(t.db, 'failing-job', async () => 1)).toEqual({ ran: true, value: 1 });
});

it('two schedulers of one job on one database (two app servers): every round runs at most once at a time', async () => {
  let active = 0;
  let most = 0;
  let runs = 0;
  const work = async () => {
    active += 1;
    most = Math.max(most, active);
    runs += 1;
    await new Promise((r) => setTimeout(r, 30));
    active -= 1;
    return 0;
  };
  const apps = [Fastify(), Fastify()];
  for (const app of apps) scheduleJob(app, t.db, { name: 'shared-job', firstDelayMs: 0, intervalMs: 10, work });
  await Promise.all(apps.map((a) => a.ready()));
  for (let i = 0; i < 100 && runs < 4; i++) await new Promise((r) => setTimeout(r, 20));
  await Promise.all(apps.map((a) => a.close()));
  expect(runs).toBeGreaterThanOrEqual(4);
  expect(most).toBe(1);
});
