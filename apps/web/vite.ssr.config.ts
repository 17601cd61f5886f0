import { defineConfig, mergeConfig } from 'vite';
import fill from './vite.fill.config.ts';

/**
 * The public form page for the server (dist/ssr/fill-ssr.js): the same components against the
 * same Preact, with everything bundled in, so the server needs none of the page's packages.
 */
export default mergeConfig(
  fill,
  defineConfig({
    ssr: { noExternal: true, target: 'node' },
    build: {
      ssr: 'src/fill-ssr.tsx',
      outDir: 'dist/ssr',
      emptyOutDir: true,
      copyPublicDir: false,
      rollupOptions: { input: 'src/fill-ssr.tsx' },
    },
  }),
);
