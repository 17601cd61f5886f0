// The sso module's public entry: single sign-on with OpenID Connect (a workspace's provider, the
// email domains the instance admin gives workspaces, the sign-in through the provider).
import { addSessionCap, addSignInGuard } from '../auth/index.ts';
import { ssoSessionCap, ssoSignInGuard } from './sign-in.ts';

export { SSO_SECRET_COLUMNS } from './secrets.ts';

/**
 * Has the auth module refuse password, login-link and passkey sign-ins where a workspace requires
 * SSO, and keep sessions opened through a provider within the workspace's maximum age on refresh.
 */
export function guardSignInWithSso(): void {
  addSignInGuard(ssoSignInGuard);
  addSessionCap(ssoSessionCap);
}
