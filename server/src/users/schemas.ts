import { z } from 'zod';
import { pageQuery } from '@wms/shared-api';
import { idParams } from '../http/schemas';

/** Route schemas of the users API beyond the shared body and view schemas (shared-api/src/schemas/user.ts). */

export const DEFAULT_USERS_PAGE = 1000;
export const DEFAULT_ACTIVITIES_PAGE = 50;

/** Lists are pages: `limit` and `offset` (strict whole numbers); the total travels in X-Total-Count. */
export const userListQuery = z.object(pageQuery(DEFAULT_USERS_PAGE));
export const activityListQuery = z.object(pageQuery(DEFAULT_ACTIVITIES_PAGE));

export const userIdParams = idParams;

export const deleteUserResponse = z.object({ message: z.string(), id: z.number() });
