import { execFile } from 'node:child_process';
import path from 'node:path';
import { ADMIN_CLI_ENV } from './admin-bundle.ts';
import { TEST_ENCRYPTION_KEY } from './app.ts';

const serverDir = path.resolve(import.meta.dirname, '../..');

/**
 * Runs the admin commands with `args` and `env` (the suite's bundle, or the source through tsx for
 * a file run on its own); never throws on exit codes.
 */
export function runAdminCli(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    // Asynchronous: a backup asks a server running in this very process for its dump.
    execFile(
      process.execPath,
      [...adminCommand(), ...args],
      { cwd: serverDir, env: { ...process.env, LOG_LEVEL: 'silent', ...env }, timeout: 120_000 },
      (err, stdout, stderr) => {
        const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** The environment of a test's own database: a data folder, and PostgreSQL when the suite runs on it. */
export function cliEnv(dataDir: string, databaseUrl?: string): Record<string, string> {
  return { DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '', ENCRYPTION_KEY: TEST_ENCRYPTION_KEY };
}

function adminCommand(): string[] {
  const bundle = process.env[ADMIN_CLI_ENV];
  return bundle ? [bundle] : ['--import', 'tsx', path.join(serverDir, 'src/admin/cli.ts')];
}
