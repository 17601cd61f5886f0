import { defineConfig } from 'vitest/config';

// Unit tests of the web app's pure logic (drafts, undo, the fill page's steps): plain Node, no
// DOM and none of the build's plugins. The browser journeys are Playwright's, under e2e/.
export default defineConfig({ test: { include: ['src/**/*.test.ts'], environment: 'node' } });
