// Bundles the server (and the core source it imports) into dist/, with migrations beside it.
import { cpSync, existsSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

process.chdir(import.meta.dirname);
rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: {
    main: './src/main.ts',
    // The admin commands without tsx: the container image has production dependencies only.
    admin: './src/admin/cli.ts',
    // The worker thread that opens sealed answers for exports, loaded by main.js from beside it.
    'answers-worker': './src/modules/submissions/answers-worker.ts',
    ...(existsSync('src/modules/ai/cli.ts') ? { generate: './src/modules/ai/cli.ts' } : {}),
  },
  absWorkingDir: import.meta.dirname,
  outdir: 'dist',
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
cpSync('src/db/migrations', 'dist/migrations', { recursive: true });
