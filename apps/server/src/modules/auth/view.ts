import type { CurrentUserResponse, LoginResponse } from '@formsmith/core/auth/api';
import type { UserRow } from './repository.ts';

/** The current-user view: an admin is presented as 'admin', every other account (system included) as 'user'. */
export function toCurrentUser(user: UserRow, pendingEmail: string | null): CurrentUserResponse {
  return {
    pid: user.id,
    email: user.email,
    name: user.name,
    role: user.role === 'admin' ? 'admin' : 'user',
    is_verified: user.emailVerifiedAt !== null,
    company: user.company,
    created_at: user.createdAt.toISOString(),
    pending_email: pendingEmail,
  };
}

export function toLoginResponse(user: UserRow, session: { token: string; expiresIn: number }): LoginResponse {
  return {
    pid: user.id,
    name: user.name,
    is_verified: user.emailVerifiedAt !== null,
    token: session.token,
    expires_in: session.expiresIn,
  };
}
