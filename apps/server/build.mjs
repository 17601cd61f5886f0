// Bundles the server (and the core source it imports) into dist/, with migrations beside it.
// `node build.mjs --outdir <dir> --only admin` bundles the named entries elsewhere (the API tests
// run the admin commands from such a bundle: starting it costs a third of starting them via tsx).
import { cpSync, existsSync, rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const { values: args } = parseArgs({
  options: { outdir: { type: 'string', default: 'dist' }, only: { type: 'string', multiple: true } },
});
const outdir = args.outdir;
/** @type {Record<string, string>} */
const entries = {
  main: './src/main.ts',
  // The admin commands without tsx: the container image has production dependencies only.
  admin: './src/admin/cli.ts',
  // The worker thread that opens sealed answers for exports, loaded by main.js from beside it.
  'answers-worker': './src/modules/submissions/answers-worker.ts',
  ...(existsSync('src/modules/ai/cli.ts') ? { generate: './src/modules/ai/cli.ts' } : {}),
};
const only = args.only;

process.chdir(import.meta.dirname);
rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: only ? Object.fromEntries(only.map((name) => [name, entries[name]])) : entries,
  absWorkingDir: import.meta.dirname,
  outdir,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  // @formsmith/core is TypeScript source: bundle it rather than leave it external.
  plugins: [
    {
      name: 'bundle-core',
      setup(b) {
        b.onResolve({ filter: /^@formsmith\/core\// }, async (args) => {
          const sub = args.path.slice('@formsmith/core/'.length);
          return { path: new URL(`../../packages/core/src/${sub}.ts`, import.meta.url).pathname };
        });
      },
    },
  ],
});
cpSync('src/db/migrations', `${outdir}/migrations`, { recursive: true });
