import { Client } from 'pg';
import { createPgDb } from '../src/db/pg';

// A PostgreSQL restart, a failover or pg_terminate_backend ends the pool's idle connections. The pool must drop them and
// serve the next query on a new one; an unhandled 'error' event from an idle client would end the whole app server
// (seen in CI: "terminating connection due to administrator command" failed a suite). PostgreSQL only.
const url = process.env.DATABASE_URL;

(url ? describe : describe.skip)('the PostgreSQL pool when the server ends its idle connections', () => {
  it('keeps the process up and answers the next query on a new connection', async () => {
    const db = createPgDb(url as string, { max: 2 });
    try {
      const { rows } = await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      const pid = rows[0].pid;
      const admin = new Client({ connectionString: url });
      await admin.connect();
      try {
        await admin.query('SELECT pg_terminate_backend($1)', [pid]);
      } finally {
        await admin.end();
      }
      // The idle client's error arrives asynchronously: give it time to be emitted (and, without a listener, to throw).
      await new Promise((r) => setTimeout(r, 200));
      const again = await db.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      expect(again.rows[0].pid).not.toBe(pid);
    } finally {
      await db.close();
    }
  });
});
