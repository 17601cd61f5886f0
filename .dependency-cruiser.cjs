// @ts-check
// Import rules for the server (apps/server/src) beyond Biome's per-folder ones: no circle of value
// imports, modules reached only through their index.ts, and one direction between modules.
// `npm run lint:boundaries` runs it, and so does `npm test`. CONTRIBUTING.md lists the rules;
// docs/architecture.md says why the modules are in this order.

/**
 * The modules from the most basic up, one level a line. A module imports only modules on lower
 * levels: none on its own level, none above. A new module gets a line (or joins one) here.
 */
const LEVELS = [
  ['health', 'instance'],
  ['auth'],
  ['audit'],
  ['workspaces'],
  ['api-keys', 'sso'],
  ['forms'],
  ['analytics'],
  ['submissions'],
  ['webhooks', 'reports'],
  ['account', 'intake'],
  ['ai', 'fill-page'],
];

const SRC = '^apps/server/src/';
const MODULES = `${SRC}modules/`;
/** @param {string[]} names */
const oneOf = (names) => `(${names.join('|')})`;
const ORDER = LEVELS.map((level) => level.join('/')).join(' < ');

/** @type {import('dependency-cruiser').IForbiddenRuleType[]} */
const orderRules = LEVELS.map((level, i) => ({
  name: 'module-order',
  severity: 'error',
  comment: `A module imports only modules below it, from the bottom: ${ORDER}. Move the code to the module that owns it, hand the value down from the caller, or subscribe from above (onFormEvent, onSubmissionEvent).`,
  from: { path: `${MODULES}${oneOf(level)}/` },
  // Its own level and every level above, except itself ($1: the module the import is from).
  to: { path: `${MODULES}${oneOf(LEVELS.slice(i).flat())}/`, pathNot: `${MODULES}$1/` },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    // For each import, dependency-cruiser looks for one way back, type-only imports included, and
    // viaOnly drops a way that takes one: a value circle could then hide behind a type-only one.
    // Keep type-only imports out of circles (that is why the job types are in jobs/definition.ts).
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'These imports go round in a circle. Type-only imports do not count (they are gone at run time); every other one does.',
      from: { path: SRC },
      to: {
        circular: true,
        dependencyTypesNot: ['type-only'],
        viaOnly: { dependencyTypesNot: ['type-only'] },
      },
    },
    {
      name: 'module-through-index',
      severity: 'error',
      comment: 'A module uses another module only through its public entry, modules/<name>/index.ts.',
      from: { path: `${MODULES}([^/]+)/` },
      to: { path: MODULES, pathNot: [`${MODULES}$1/`, `${MODULES}[^/]+/index\\.ts$`] },
    },
    {
      name: 'outside-through-index',
      severity: 'error',
      comment: 'Code outside modules/ uses a module only through its public entry, modules/<name>/index.ts.',
      from: { path: SRC, pathNot: [MODULES, `${SRC}app\\.ts$`] },
      to: { path: MODULES, pathNot: `${MODULES}[^/]+/index\\.ts$` },
    },
    {
      name: 'app-through-index-or-routes',
      severity: 'error',
      comment: "app.ts uses a module through its index.ts, and registers the module's routes.ts files.",
      from: { path: `${SRC}app\\.ts$` },
      to: {
        path: MODULES,
        pathNot: [
          `${MODULES}[^/]+/index\\.ts$`,
          `${MODULES}[^/]+/routes\\.ts$`,
          `${MODULES}[^/]+/[^/]+/routes\\.ts$`,
        ],
      },
    },
    {
      name: 'index-exports-services',
      severity: 'error',
      comment: "A module's index.ts exports services, not routes: app.ts registers routes.ts itself.",
      from: { path: `${MODULES}[^/]+/index\\.ts$` },
      to: { path: `${MODULES}.+/routes\\.ts$` },
    },
    {
      name: 'lib-db-below-modules',
      severity: 'error',
      comment: 'lib/ and db/ are below every module: they import none.',
      from: { path: `${SRC}(lib|db)/` },
      to: { path: MODULES },
    },
    {
      name: 'module-has-level',
      severity: 'error',
      comment: `Every module has a level in LEVELS (.dependency-cruiser.cjs), or the order does not check it: ${ORDER}.`,
      from: { path: MODULES, pathNot: `${MODULES}${oneOf(LEVELS.flat())}/` },
      to: {},
    },
    ...orderRules,
  ],
  options: {
    // Keep type-only imports in the graph, marked 'type-only', so no-circular can leave them out
    // while the other rules see them.
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.test\\.ts$' },
  },
};
