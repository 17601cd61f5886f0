// oidc-provider ships no types; the tests use a few of its calls (test/sso-provider.ts).
declare module 'oidc-provider';
