import { z } from 'zod';
import { ROLES } from '@wms/shared-api';

/** Response shapes of the auth routes. Serialising through them also guarantees no other column (password_hash) leaks. */
export const sessionUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
});

export const loginResponseSchema = z.object({
  token: z.string().describe('Opaque bearer token: send it as `Authorization: Bearer <token>`'),
  user: sessionUserSchema,
  message: z.string(),
});

export const messageSchema = z.object({ message: z.string() });
