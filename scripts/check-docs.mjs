// @ts-check
// `node scripts/check-docs.mjs` (part of `npm test`'s lint step): every relative link in the
// repository's Markdown leads to a file that exists, and to a heading of it when it names one;
// and the README's Configuration table lists exactly the variables apps/server/src/config.ts
// validates. Prints each problem and exits 1 when there is one.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const SKIP = new Set(['node_modules', '.git', 'dist', 'test-results', 'playwright-report', 'data', '.tmp']);

/**
 * @param {string} dir
 * @returns {string[]} the Markdown files under `dir`
 */
function markdownFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIP.has(entry.name)) return [];
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(file);
    return entry.name.endsWith('.md') ? [file] : [];
  });
}

/**
 * The text outside fenced code blocks and inline code, where links are links.
 * @param {string} markdown
 */
function prose(markdown) {
  return markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
}

/**
 * The anchors GitHub gives a file's headings: lower case, punctuation dropped, spaces as hyphens,
 * a repeated heading numbered.
 * @param {string} markdown
 */
function anchorsOf(markdown) {
  /** @type {Map<string, number>} */
  const seen = new Map();
  const anchors = new Set();
  for (const [, heading] of prose(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const text = /** @type {string} */ (heading).replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
    const slug = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** @type {string[]} */
const problems = [];

for (const file of markdownFiles(root)) {
  const markdown = readFileSync(file, 'utf8');
  const where = path.relative(root, file);
  for (const [, target] of prose(markdown).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    const link = /** @type {string} */ (target);
    if (/^[a-z][a-z0-9+.-]*:/i.test(link)) continue; // https:, mailto:…
    const [pathPart = '', anchor] = link.split('#');
    const resolved = pathPart === '' ? file : path.resolve(path.dirname(file), decodeURI(pathPart));
    let exists = true;
    try {
      statSync(resolved);
    } catch {
      exists = false;
    }
    if (!exists) {
      problems.push(`${where}: ${link} leads to no file`);
      continue;
    }
    if (anchor && resolved.endsWith('.md') && !anchorsOf(readFileSync(resolved, 'utf8')).has(anchor)) {
      problems.push(`${where}: ${link} names no heading of ${path.relative(root, resolved)}`);
    }
  }
}

// The configuration table against the variables config.ts validates.
const config = readFileSync(path.join(root, 'apps/server/src/config.ts'), 'utf8');
const schema = config.slice(config.indexOf('const envSchema'), config.indexOf('.superRefine('));
const validated = new Set(
  [...schema.matchAll(/^ {4}([A-Z][A-Z0-9_]*):/gm)].map((m) => /** @type {string} */ (m[1])),
);
const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
const section = readme.slice(
  readme.indexOf('## Configuration'),
  readme.indexOf('\n## ', readme.indexOf('## Configuration') + 1),
);
const documented = new Set(
  [...section.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|/gm)].map((m) => /** @type {string} */ (m[1])),
);
if (validated.size === 0) problems.push('apps/server/src/config.ts: found no variables in envSchema');
for (const name of validated)
  if (!documented.has(name))
    problems.push(`README.md: ${name} (validated in config.ts) is not in the Configuration table`);
for (const name of documented)
  if (!validated.has(name))
    problems.push(`README.md: ${name} is in the Configuration table but config.ts does not read it`);

for (const problem of problems) console.error(problem);
console.log(
  problems.length === 0 ? 'docs: links and configuration table ok' : `docs: ${problems.length} problem(s)`,
);
process.exit(problems.length === 0 ? 0 : 1);
