// The intake module's public entry: anonymous submits and uploads.
export { default as intakeRoutes } from './routes.ts';
