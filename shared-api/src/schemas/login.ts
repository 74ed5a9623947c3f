import { z } from 'zod';

const LOGIN_PASSWORD_MAX = 200;

/** Sign-in (SPEC §5 Login): both fields required. Used by the login form and by POST /auth/login. */
export const loginSchema = z.object({
  // Missing: "required"; a number or an object: "not valid" (never "required" for a value that is there).
  username: z
    .string({ error: (iss) => (iss.input == null ? 'usernameRequired' : 'invalidType') })
    .trim()
    .min(1, { error: 'usernameRequired' })
    .max(100, { error: 'tooLong' }),
  // As long as a password may be (PASSWORD_MAX, user.ts): 200 characters counted as the user schema counts them, in code
  // points after NFC — the password is sent as typed (the server also tries it as typed, for passwords saved before NFC).
  password: z
    .string({ error: (iss) => (iss.input == null ? 'passwordRequired' : 'invalidType') })
    .min(1, { error: 'passwordRequired' })
    .refine((p) => [...p.normalize('NFC')].length <= LOGIN_PASSWORD_MAX, { error: 'tooLong', params: { max: LOGIN_PASSWORD_MAX } }),
});
export type LoginInput = z.infer<typeof loginSchema>;
