import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashing with scrypt from node:crypto (no native add-on to build). The stored string carries its own parameters,
 * `scrypt$N$r$p$salt$hash` (base64url), so the cost can be raised later without invalidating existing hashes.
 */
const COST = { N: 16384, r: 8, p: 1 };
const KEY_LENGTH = 64;
const SALT_BYTES = 16;

function derive(password: string, salt: Buffer, keyLength: number, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // maxmem: scrypt needs 128·N·r bytes; leave headroom above Node's 32 MiB default for raised costs.
    scrypt(password, salt, keyLength, { ...opts, maxmem: 256 * 1024 * 1024 }, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, KEY_LENGTH, COST);
  return ['scrypt', COST.N, COST.r, COST.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** True when `password` matches `stored`. A malformed stored value never matches (and never throws). */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  const salt = Buffer.from(parts[4], 'base64url');
  const expected = Buffer.from(parts[5], 'base64url');
  if (![N, r, p].every((n) => Number.isInteger(n) && n > 0) || expected.length === 0) return false;
  const actual = await derive(password, salt, expected.length, { N, r, p });
  return timingSafeEqual(actual, expected);
}

/**
 * A valid hash of a random password, checked when the username does not exist so that an unknown user costs the same time
 * as a wrong password (no user enumeration through timing).
 */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(16).toString('base64url'));
  return dummyHash;
}

/** A strong random password for the first admin: 24 characters of base64url (144 bits). */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}
