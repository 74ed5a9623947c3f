import { createHash, randomBytes } from 'node:crypto';

/** Opaque bearer tokens: 32 random bytes in base64url, handed out once; only their SHA-256 is stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** 32 bytes in base64url are exactly 43 characters; anything else is rejected before touching the database. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The token of an `Authorization: Bearer <token>` header, or null when absent or malformed. */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match && TOKEN_SHAPE.test(match[1]) ? match[1] : null;
}
