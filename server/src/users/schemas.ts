import { z } from 'zod';

/** Route schemas of the users API beyond the shared body and view schemas (shared-api/src/schemas/user.ts). */

/** Lists are pages: `limit` and `offset`; the total travels in X-Total-Count. */
export const MAX_PAGE = 1000;
export const DEFAULT_USERS_PAGE = 1000;
export const DEFAULT_ACTIVITIES_PAGE = 50;

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

const pageQuery = (defaultLimit: number) =>
  z.object({
    limit: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: 'invalidType' })
        .int({ error: 'invalidType' })
        .min(1, { error: 'invalidType' })
        .max(MAX_PAGE, { error: 'invalidType' })
        .default(defaultLimit),
    ),
    offset: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: 'invalidType' })
        .int({ error: 'invalidType' })
        .min(0, { error: 'invalidType' })
        .max(100_000_000, { error: 'invalidType' })
        .default(0),
    ),
  });

export const userListQuery = pageQuery(DEFAULT_USERS_PAGE);
export const activityListQuery = pageQuery(DEFAULT_ACTIVITIES_PAGE);

export const userIdParams = z.object({
  id: z.coerce
    .number({ error: 'invalidType' })
    .int({ error: 'invalidType' })
    .positive({ error: 'invalidType' })
    .max(Number.MAX_SAFE_INTEGER, { error: 'invalidType' }),
});

export const deleteUserResponse = z.object({ message: z.string(), id: z.number() });
