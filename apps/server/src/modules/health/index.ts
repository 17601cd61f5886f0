// The health module's public entry.
export { default as healthRoutes } from './routes.ts';
