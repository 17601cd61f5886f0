// The sso module's public entry: single sign-on with OpenID Connect (a workspace's provider, the
// email domains the instance admin gives workspaces, the sign-in through the provider).
import { addSignInGuard } from '../auth/index.ts';
import { ssoSignInGuard } from './sign-in.ts';

export { SSO_SECRET_COLUMNS } from './secrets.ts';

/** Has the auth module refuse password and login-link sign-ins where a workspace requires SSO. */
export function guardSignInWithSso(): void {
  addSignInGuard(ssoSignInGuard);
}
