import { type Keyring, openSecret, type SecretColumns, sealSecret } from '../../lib/encryption/index.ts';

/** The sealed column of this module, for the key command's re-seal. */
export const SSO_SECRET_COLUMNS: SecretColumns = {
  table: 'sso_connections',
  key: 'id',
  columns: ['client_secret'],
  context: (id) => `sso_connections.client_secret:${id}`,
};

export const sealClientSecret = (keyring: Keyring, connectionId: string, secret: string) =>
  sealSecret(keyring, secret, SSO_SECRET_COLUMNS.context(connectionId));

export const openClientSecret = (keyring: Keyring, connectionId: string, stored: string) =>
  openSecret(keyring, stored, SSO_SECRET_COLUMNS.context(connectionId));
