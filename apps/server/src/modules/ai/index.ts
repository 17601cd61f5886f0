// The AI module's public entry: a description becomes a form.
export { default as aiRoutes } from './routes.ts';
