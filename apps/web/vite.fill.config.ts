import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The public form page (/form/:id), built on its own against Preact: the respondent's JavaScript
 * stays far below its 80 KB gzip budget (docs/decisions/0003-preact-for-the-public-page.md), while the owner app (vite.config.ts) keeps React 19.
 * The code is written (and type-checked) against React; preact/compat runs it unchanged.
 * Runs after the app's build and adds to the same dist folder.
 */
export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: [
      { find: /^react$/, replacement: 'preact/compat' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
    ],
  },
  build: {
    rollupOptions: { input: { fill: 'fill.html' } },
    emptyOutDir: false,
    sourcemap: false,
  },
});
