// The page's proof-of-work solver (spam-challenge.ts), run as a worker: ALTCHA's own solving loop
// with the browser's Web Crypto SHA-256.
import { deriveKey } from 'altcha-lib/algorithms/web/sha';
import { handler } from 'altcha-lib/workers/shared';

handler({ deriveKey });
