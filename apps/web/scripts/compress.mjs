// @ts-check
// Writes .gz and .br beside every text asset so the server sends them pre-compressed.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;

/** @param {string} dir */
function walk(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    // The page's server build (ssr/) is loaded by the server, never sent.
    if (name === 'ssr') continue;
    if (statSync(file).isDirectory()) walk(file);
    else if (COMPRESSIBLE.test(name)) {
      const data = readFileSync(file);
      writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      writeFileSync(
        `${file}.br`,
        brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
    }
  }
}

walk(path.resolve('dist'));
