import type { FastifyReply } from 'fastify';

/** The paging contract of every list: the body is a JSON array of one page, the total of all matches is in this header. */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';

/** Answers one page of a list: sets the total header and returns the rows as the body. */
export function sendPage<T>(reply: FastifyReply, page: { rows: T[]; total: number }): T[] {
  reply.header(TOTAL_COUNT_HEADER, String(page.total));
  return page.rows;
}
