import type { FastifyReply } from 'fastify';

/** One route's answer of a memo: its JSON text and its compressed forms by encoding. */
export interface MemoAnswer {
  readonly body: string;
  readonly encoded: Map<string, Buffer>;
}

/**
 * An answer that many calls send unchanged (a cached list page, http/page-cache.ts): its JSON text, written by the
 * route's own serializer, and its compressed forms (web/compress.ts), each made once instead of on every call.
 * Answers are kept per route, so two routes with different response schemas never share one.
 */
export class ReplyMemo {
  private readonly answers = new Map<string, MemoAnswer>();

  /** `size`: about how many bytes the answer takes (the cache's budget). */
  constructor(readonly size: number) {}

  /** The answer for this reply's route, serialised by its response schema the first time. */
  answer(reply: FastifyReply, payload: unknown): MemoAnswer {
    const route = `${reply.request.method} ${reply.request.routeOptions.url}`;
    let answer = this.answers.get(route);
    if (!answer) {
      answer = { body: reply.serialize(payload) as string, encoded: new Map() };
      this.answers.set(route, answer);
    }
    return answer;
  }
}

const sending = new WeakMap<FastifyReply, MemoAnswer>();

/**
 * Sends `payload` as the memo's answer (JSON, status as set) and marks the reply, so the compression hook reuses the
 * answer's compressed forms. Returns the reply, for a handler to return.
 */
export function sendMemo(reply: FastifyReply, memo: ReplyMemo, payload: unknown): FastifyReply {
  const answer = memo.answer(reply, payload);
  sending.set(reply, answer);
  return reply.type('application/json; charset=utf-8').send(answer.body);
}

/** The memo answer this reply is sending, if any (web/compress.ts). */
export function memoAnswerOf(reply: FastifyReply): MemoAnswer | undefined {
  return sending.get(reply);
}
