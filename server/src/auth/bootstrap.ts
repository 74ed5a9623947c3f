import type { Db } from '../db';
import { logActivity } from '../activity/log';
import { generatePassword, hashPassword } from './password';

export interface AdminBootstrap {
  /** True when this start created the admin (the database had no live user). */
  created: boolean;
  /** The generated password, only when created without ADMIN_PASSWORD: show it once, it is stored nowhere in clear. */
  generatedPassword?: string;
}

/**
 * First start: when no live user exists, creates `admin` (role admin) with `adminPassword`, or a generated strong one.
 * Idempotent, and safe when two servers start together (advisory lock inside the transaction).
 */
export async function ensureAdmin(db: Db, adminPassword?: string): Promise<AdminBootstrap> {
  return db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock(727275)');
    const { rows } = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE deleted_at IS NULL');
    if (rows[0].n > 0) return { created: false };
    const password = adminPassword ?? generatePassword();
    const inserted = await q.query<{ id: number }>(
      `INSERT INTO users (username, name, role, password_hash) VALUES ('admin', 'Amministratore', 'admin', $1) RETURNING id`,
      // Saved NFC-normalised like every password (issue 23). ADMIN_PASSWORD is not held to the strength rule: the
      // operator chose it, and the admin changes it through the user form (which applies the rule).
      [await hashPassword(password.normalize('NFC'))],
    );
    await logActivity(q, {
      userId: null,
      action: 'create',
      entityType: 'user',
      entityId: inserted.rows[0].id,
      details: 'first start: admin created',
    });
    return adminPassword ? { created: true } : { created: true, generatedPassword: password };
  });
}

/** The one-time notice of a generated admin password, boxed so it stands out in the start-up output. */
export function passwordBox(password: string): string {
  const lines = [
    'First start: user "admin" was created with this generated password.',
    'It is shown only now; sign in and change it (or set ADMIN_PASSWORD before the first start).',
    '',
    `    username: admin`,
    `    password: ${password}`,
  ];
  const width = Math.max(...lines.map((l) => l.length));
  const bar = '═'.repeat(width + 2);
  return [`╔${bar}╗`, ...lines.map((l) => `║ ${l.padEnd(width)} ║`), `╚${bar}╝`].join('\n');
}
