// The API keys module's public entry: the authenticate hook resolves keys through these.
export { isApiKey } from './keys.ts';
export { revokeApiKey, useApiKey } from './repository.ts';
export { default as apiKeysRoutes } from './routes.ts';
export { listUserApiKeys } from './service.ts';
