import type { FastifyReply } from 'fastify';
import { sendMemo, type ReplyMemo } from './reply-memo';

/** The paging contract of every list: the body is a JSON array of one page, the total of all matches is in this header. */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';

/**
 * Answers one page of a list: sets the total header and returns the rows as the body. A page from the page cache
 * (http/page-cache.ts) carries its memo: its answer is then serialised and compressed once per version of the page.
 */
export function sendPage<T>(reply: FastifyReply, page: { rows: T[]; total: number; memo?: ReplyMemo }): T[] {
  reply.header(TOTAL_COUNT_HEADER, String(page.total));
  if (page.memo) return sendMemo(reply, page.memo, page.rows) as unknown as T[];
  return page.rows;
}
