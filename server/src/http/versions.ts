import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors';
import { operationOf } from './operations';

/**
 * Edits that never overwrite, unseen, what someone else saved meanwhile (no "last write wins"). A record read by an
 * operation its row declares `versioned` (operations.ts) answers an ETag: a digest of the record as the answer gives it.
 * An edit that sends it back as If-Match is refused with 412 RECORD_CHANGED when the record, read again under the edit's
 * own lock, is no longer that one; the edit's answer carries the new ETag. Without If-Match an edit is unconditional
 * (clients written before). The digest needs no column and no counter: every write changes what the record reads (its
 * updated_at and modified_by at least), whichever app server made it, so it is exact across servers.
 */
export function etagOf(record: unknown): string {
  return `"${createHash('sha256').update(JSON.stringify(record)).digest('base64url').slice(0, 27)}"`;
}

const recordChanged = {
  it: 'Qualcun altro ha modificato questi dati dopo che li hai aperti: le tue modifiche non sono state salvate. Ricarica la pagina per vedere la versione attuale',
  fr: "Quelqu'un d'autre a modifié ces données depuis que vous les avez ouvertes : vos modifications n'ont pas été enregistrées. Rechargez la page pour voir la version actuelle",
};

/**
 * An edit's precondition: 412 RECORD_CHANGED unless its If-Match names `current`'s ETag (or is "*"). `current` is the
 * record as the versioned read answers it, read inside the edit's transaction after the edit's lock on it. A tag a proxy
 * marked weak (W/, as a compressing proxy does) still names the same record: the digest is of the record, not of bytes.
 */
export function assertUnchanged(request: FastifyRequest, current: unknown): void {
  const header = request.headers['if-match'];
  if (header === undefined) return;
  const tags = header.split(',').map((tag) => tag.trim().replace(/^W\//, ''));
  if (!tags.includes('*') && !tags.includes(etagOf(current))) throw new AppError(412, 'RECORD_CHANGED', recordChanged);
}

/**
 * Every versioned operation's successful answer carries its record's ETag. The routes declare it in their row of the
 * operations table; the hook is attached to those routes only, as they are added (no lookup on any other answer).
 */
export function installVersions(app: FastifyInstance): void {
  const withEtag = async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (reply.statusCode < 300 && payload !== null && typeof payload === 'object' && !Array.isArray(payload)) {
      void reply.header('ETag', etagOf(payload));
    }
    return payload;
  };
  app.addHook('onRoute', (route) => {
    const method = [route.method].flat()[0];
    if (!operationOf(method, route.url)?.versioned) return;
    route.preSerialization = [route.preSerialization ?? []].flat().concat(withEtag);
  });
}
