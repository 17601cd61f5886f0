// The instance module's public entry.
export { default as instanceRoutes } from './routes.ts';
