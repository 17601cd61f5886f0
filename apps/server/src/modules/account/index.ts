// The account module's public entry.
export { digestJob } from './digest.ts';
export { default as accountRoutes } from './routes.ts';
export { getSecuritySettings } from './settings.ts';
