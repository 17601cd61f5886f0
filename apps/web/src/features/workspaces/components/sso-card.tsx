import type { Workspace } from '@formsmith/core/workspaces/api';
import { SsoProviderCard } from '../../../components/sso/sso-provider-card.tsx';
import { useRemoveWorkspaceSso, useSaveWorkspaceSso, useWorkspaceSso } from '../api/sso.ts';

/** The workspace's single sign-on provider (owners only): connect, change or remove it. */
export function SsoCard({ workspace }: { workspace: Workspace }) {
  return (
    <SsoProviderCard
      kind="workspace"
      title="Single sign-on"
      intro="Members sign in through your organisation's OpenID Connect provider (Okta, Entra ID, Google, Keycloak…). People with an address of the workspace's email domains join on their first sign-in."
      query={useWorkspaceSso(workspace.id)}
      save={useSaveWorkspaceSso(workspace.id)}
      remove={useRemoveWorkspaceSso(workspace.id)}
    />
  );
}
