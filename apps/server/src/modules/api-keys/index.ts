// The API keys module's public entry: the authenticate hook resolves keys through these.
export { isApiKey } from './keys.ts';
export { revokeApiKey, useApiKey } from './repository.ts';
export { listUserApiKeys } from './service.ts';
