import { z } from 'zod';
import { pageQuery, queryText, requiredText } from './common';

/**
 * Client events (issue 24): what a browser reports to POST /api/client-events so a bad release of a remote is seen (and
 * rolled back) before users call. Today one kind: `remoteIncompatible` — the shell read a remote's mf-manifest.json and
 * found a shared module it needs in a version this portal does not provide; the remote was not loaded.
 */
export const CLIENT_EVENT_KINDS = ['remoteIncompatible'] as const;
export type ClientEventKind = (typeof CLIENT_EVENT_KINDS)[number];

export const clientEventProblemSchema = z.object({
  package: requiredText(214).describe('the shared module, e.g. @wms/shared-ui'),
  required: requiredText(100).describe("the remote's requiredVersion, e.g. ^2.0.0"),
  provided: requiredText(100).describe('the version the shell provides, e.g. 1.0.0'),
  needs: z.enum(['newer', 'older']).describe('the remote needs a newer (or an older) portal'),
});

export const clientEventSchema = z.object({
  kind: z.enum(CLIENT_EVENT_KINDS),
  remote: z
    .string()
    .regex(/^[a-z][a-z0-9_-]{0,39}$/)
    .describe('the remote (container name of remotes.config.json)'),
  manifestUrl: requiredText(500).describe('the mf-manifest.json the shell read'),
  buildVersion: requiredText(100).nullable().default(null).describe("the remote's build version, from its manifest"),
  problems: z.array(clientEventProblemSchema).min(1).max(20),
});
export type ClientEventBody = z.input<typeof clientEventSchema>;
export type ClientEventFields = z.output<typeof clientEventSchema>;

export const clientEventViewSchema = z.object({
  id: z.number(),
  kind: z.enum(CLIENT_EVENT_KINDS),
  remote: z.string(),
  manifestUrl: z.string(),
  buildVersion: z.string().nullable(),
  problems: z.array(clientEventProblemSchema),
  username: z.string().nullable().describe('who saw it'),
  created_at: z.string(),
});
export type ClientEvent = z.infer<typeof clientEventViewSchema>;

/** GET /client-events: newest first, optionally one remote's; `limit` (default 50) / `offset`, total in X-Total-Count. */
export const clientEventListQuery = z.object({
  remote: queryText(40).describe("one remote's events only"),
  ...pageQuery(50),
});
