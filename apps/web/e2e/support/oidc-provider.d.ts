// oidc-provider ships no types; the SSO journey starts the server tests' provider (apps/server/test/sso-provider.ts).
declare module 'oidc-provider';
