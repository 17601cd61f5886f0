// The public form page rendered on the server, and its form posted without JavaScript.
export { loadFillPageKit } from './renderer.ts';
