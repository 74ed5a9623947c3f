import { z } from 'zod';

/** Sign-in (SPEC §5 Login): both fields required. Used by the login form and by POST /auth/login. */
export const loginSchema = z.object({
  username: z.string({ error: 'usernameRequired' }).trim().min(1, { error: 'usernameRequired' }).max(100, { error: 'tooLong' }),
  password: z.string({ error: 'passwordRequired' }).min(1, { error: 'passwordRequired' }).max(200, { error: 'tooLong' }),
});
export type LoginInput = z.infer<typeof loginSchema>;
