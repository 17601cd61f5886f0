import { tmpdir } from 'node:os';
import path from 'node:path';

/** Shared by the global setup (which starts the server and SMTP) and the tests (which read mail). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3199);
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
export const E2E_DIR = path.join(tmpdir(), `formsmith-e2e-${E2E_PORT}`);
export const MAIL_DIR = path.join(E2E_DIR, 'mail');
/** The support page the test server names (SUPPORT_URL): the landing page's tiers lead there. */
export const E2E_SUPPORT_URL = 'https://support.example.test/formsmith';
