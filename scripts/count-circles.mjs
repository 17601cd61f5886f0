// @ts-check
// Counts the server files that sit in a circle of imports: files that import each other, directly
// or through others, so none of them can be read or loaded without the rest. The lint
// (`no-circular` in .dependency-cruiser.cjs) fails on any such circle; this prints how many there
// are, for a figure or to compare with another checkout:
//
//   node scripts/count-circles.mjs                         this checkout, value imports
//   node scripts/count-circles.mjs --with-types            type-only imports counted too
//   node scripts/count-circles.mjs --root /tmp/old-tree    another checkout (a git worktree)
//
// It exits 1 when a circle is found. Test files are left out, as in the lint.

import path from 'node:path';
import { parseArgs } from 'node:util';
import { cruise } from 'dependency-cruiser';

const { values } = parseArgs({
  options: {
    root: { type: 'string', default: process.cwd() },
    'with-types': { type: 'boolean', default: false },
  },
});
const root = path.resolve(values.root ?? process.cwd());
const withTypes = values['with-types'] ?? false;
const SRC = 'apps/server/src/';

const result = await cruise([SRC], {
  baseDir: root,
  tsPreCompilationDeps: true,
  doNotFollow: { path: 'node_modules' },
  exclude: { path: '\\.test\\.ts$' },
});
if (typeof result.output === 'string') throw new Error('dependency-cruiser answered text, not a graph');

/** @type {Map<string, string[]>} file → the files of apps/server/src it imports */
const graph = new Map();
for (const module of result.output.modules) {
  if (!module.source.startsWith(SRC)) continue;
  const targets = module.dependencies
    .filter((dependency) => dependency.resolved.startsWith(SRC))
    .filter((dependency) => withTypes || !dependency.dependencyTypes.includes('type-only'))
    .map((dependency) => dependency.resolved);
  graph.set(module.source, targets);
}

// Tarjan's strongly connected components: every component of two or more files is a circle
// (each of its files reaches every other one).
/** @type {string[][]} */
const circles = [];
/** @type {Map<string, number>} */
const index = new Map();
/** @type {Map<string, number>} */
const low = new Map();
/** @type {string[]} */
const stack = [];
const onStack = new Set();
let next = 0;

/** @param {string} file */
function visit(file) {
  index.set(file, next);
  low.set(file, next);
  next += 1;
  stack.push(file);
  onStack.add(file);
  for (const target of graph.get(file) ?? []) {
    if (!index.has(target)) {
      visit(target);
      low.set(file, Math.min(/** @type {number} */ (low.get(file)), /** @type {number} */ (low.get(target))));
    } else if (onStack.has(target)) {
      low.set(
        file,
        Math.min(/** @type {number} */ (low.get(file)), /** @type {number} */ (index.get(target))),
      );
    }
  }
  if (low.get(file) !== index.get(file)) return;
  /** @type {string[]} */
  const component = [];
  for (;;) {
    const member = /** @type {string} */ (stack.pop());
    onStack.delete(member);
    component.push(member);
    if (member === file) break;
  }
  if (component.length > 1) circles.push(component.sort());
}

for (const file of graph.keys()) if (!index.has(file)) visit(file);

const inCircles = circles.reduce((sum, circle) => sum + circle.length, 0);
const kind = withTypes ? 'imports (type-only included)' : 'value imports (type-only left out)';
console.log(`${graph.size} files in ${SRC}, ${kind}`);
console.log(
  `${inCircles} files in circles, ${circles.length} ${circles.length === 1 ? 'circle' : 'circles'}`,
);
for (const circle of circles) console.log(`\n${circle.length} files:\n  ${circle.join('\n  ')}`);
process.exitCode = inCircles > 0 ? 1 : 0;
