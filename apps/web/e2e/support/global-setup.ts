import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { E2E_BASE_URL, E2E_DIR, E2E_PORT, E2E_SUPPORT_URL, MAIL_DIR } from './env.ts';

/** Starts a real SMTP server (mail saved as files for the tests) and the built app on PGlite. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  rmSync(E2E_DIR, { recursive: true, force: true });
  mkdirSync(MAIL_DIR, { recursive: true });
  let n = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        const raw = Buffer.concat(chunks).toString('utf8');
        writeFileSync(path.join(MAIL_DIR, `${Date.now()}-${n++}.json`), JSON.stringify({ to, raw }));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  const serverMain = path.resolve(import.meta.dirname, '../../../server/dist/main.js');
  const server: ChildProcess = spawn(process.execPath, [serverMain], {
    env: {
      ...process.env,
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: E2E_BASE_URL,
      DATA_DIR: path.join(E2E_DIR, 'data'),
      DATABASE_URL: '',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      RATE_LIMIT_FACTOR: '1000',
      // The webhook journeys deliver to a receiver on this machine.
      WEBHOOK_ALLOW_PRIVATE: 'true',
      SUPPORT_URL: E2E_SUPPORT_URL,
      HOME_PAGE: 'landing',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  // A busy machine (the suites run side by side) can take minutes to start it.
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${E2E_BASE_URL}/api/health`);
      if (res.ok) break;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  // The instance's first account becomes its administrator; the operator takes it, so the
  // journeys' own accounts are ordinary ones, as on a server in use.
  const operator = await fetch(`${E2E_BASE_URL}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Operator',
      email: 'operator@example.com',
      password: 'operator password 1',
      confirmPassword: 'operator password 1',
      acceptTerms: true,
    }),
  });
  if (operator.status !== 201) throw new Error(`the operator account was refused: ${await operator.text()}`);
  return async () => {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await new Promise<void>((r) => smtp.close(() => r()));
  };
}
