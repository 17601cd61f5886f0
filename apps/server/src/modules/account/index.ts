// The account module's public entry.

export { digestJob } from './digest.ts';
