import { z } from 'zod';
import { text } from './fields';
import { roles } from './privileges';

/** A password as typed to prove who one is: checked against the stored hash, not against the rules. */
const enteredPassword = z.string().min(1).max(256);

export const signInBody = z.object({
  login_name: z.string().trim().min(1).max(128),
  password: enteredPassword,
});

export const passwordRules = z.string().min(8).max(128);

/** A sign-in name: letters, digits, '.', '-' and '_', unique whatever the case (an email address signs in too). */
export const userName = text({
  required: true,
  min: 3,
  max: 64,
  pattern: { regex: /^[A-Za-z0-9._-]+$/, message: 'app.validation.user_name' },
  unique: true,
  list: true,
  sortable: true,
});

export const passwordChangeBody = z
  .object({
    raw_password: enteredPassword,
    new_password: passwordRules,
    confirm_password: enteredPassword,
  })
  .refine((body) => body.confirm_password === body.new_password, {
    path: ['confirm_password'],
    error: 'app.validation.password_inconsistent',
  })
  .refine((body) => body.new_password !== body.raw_password, {
    path: ['new_password'],
    error: 'app.validation.password_same',
  });

/** Who is signed in, as the sign-in answer and the profile give it. */
export const userInfo = z.object({
  user_id: z.number().int(),
  user_name: z.string(),
  real_name: z.string(),
  nick_name: z.string(),
  email: z.string(),
  mobile: z.string(),
  tenant_id: z.number().int().nullable(),
  roles: z.array(z.enum(roles)),
});
export type UserInfo = z.infer<typeof userInfo>;

export const signInAnswer = z.object({ token: z.string(), user_info: userInfo });
