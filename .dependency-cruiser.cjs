// The import rules of the repository, checked by `npm run lint` (`depcruise` over apps and packages/shared).
// It replaces scripts/lint/import-boundaries.mjs (decision 025's boundaries, ported rule by rule) and adds
// the module graph of the API (decision 072): no cycle between apps/api/src/modules/*, a module reaches
// another only through its service (never its repository), and no module imports a workflow.
// Known violations still being untangled are listed in .dependency-cruiser-known-violations.json
// (`npm run lint:graph -- --baseline` rewrites it; it should only ever shrink).

const web = '^apps/web/src/';
/** What every web area may reach outside itself: src/lib, src/components and the shell's layout bits. */
const sharedWeb = `${web}(lib|components|app/layout)/`;
/** Tests and their helpers arrange states across modules on purpose. */
const TEST = '\\.test\\.ts$|test-helpers\\.ts$|test-fixtures\\.ts$|test-context\\.ts$';
const repository = '\\.repository(\\.ts)?$';
const io = [
  'fs',
  'fs/promises',
  'net',
  'http',
  'https',
  'http2',
  'child_process',
  'dgram',
  'tls',
  'worker_threads',
];
const ioPackages = [
  'pg',
  'drizzle-orm',
  'fastify',
  'sharp',
  'postgres',
  '@electric-sql/pglite',
  '@ooh/api',
  '@ooh/web',
];

/**
 * The module direction of the API (decision 072, docs/architecture.md "The module direction"), bottom
 * first: a module imports only modules of its own layer or below (and the graph config refuses any cycle,
 * within a layer too). A new module must be placed here: one not listed may be imported by no module.
 * What crosses upwards is a workflow (src/workflows), which routes and job handlers call.
 */
const LAYERS = [
  // Base services: who acts, what is kept, what is sent.
  [
    'audit',
    'users',
    'auth',
    'bot-check',
    'secrets',
    'fair-use',
    'idempotency',
    'storage',
    'media',
    'mail',
    'sms',
    'notifications',
    'health',
    'contact',
    'filters',
    'breaches',
  ],
  // The catalogue and who owns it.
  // Agencies and their clients (decision 092) sit beside the owners: bookings and invoices read them.
  ['availability', 'products', 'partners', 'pricing', 'agencies'],
  // Money in: tax documents and the payment provider.
  ['invoices', 'payments'],
  // The order: lines, bookings rows, refunds, the one ledger.
  ['orders'],
  // What hangs off a paid line: the owner's payout, the artwork.
  ['payouts', 'creatives'],
  // Placing and paying orders, owner blocks.
  ['bookings'],
  // An owner's sites (bulk blocks and exports read bookings); buyers' holds (options, decision 082).
  ['sites', 'holds'],
  // Everything that reads across the above.
  [
    'proofs',
    'statements',
    // The operator's TCS and TDS reports (decision 093) read payouts' records and the owners.
    'tax-reports',
    'campaigns',
    'customized-campaigns',
    'plans',
    'seo',
    'reminders',
    'me',
    'site-calendar',
    'ops',
    'jobs',
    // Briefs, proposals and offers (decision 086); accept -> holds and book -> order are workflows.
    'proposals',
  ],
];
const directionRules = LAYERS.map((layer, i) => ({
  name: 'api-module-direction',
  severity: 'error',
  comment: `A module of layer ${i} (${layer.join(', ')}) imports only modules of its layer or below (LAYERS in .dependency-cruiser.cjs, decision 072); an upward step is a workflow in src/workflows.`,
  from: { path: `^apps/api/src/modules/(${layer.join('|')})/`, pathNot: TEST },
  to: {
    path: '^apps/api/src/modules/',
    pathNot: [
      `^apps/api/src/modules/(${LAYERS.slice(0, i + 1)
        .flat()
        .join('|')})/`,
      TEST,
    ],
  },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    // --- Web (decision 025) ---
    {
      name: 'web-feature',
      severity: 'error',
      comment:
        'A buyer feature imports only its own files, src/lib, src/components and src/app/layout. What two features share moves to src/lib or src/components (docs/product-rules.md section 2, decision 025).',
      from: { path: `${web}features/([^/]+)/` },
      to: { path: web, pathNot: [`${web}features/$1/`, sharedWeb] },
    },
    {
      name: 'web-room',
      severity: 'error',
      comment:
        'A console room (src/partner, src/ops) never imports another room or the buyer features (src/features): shared code lives in src/lib or src/components (decision 025).',
      from: { path: `${web}(partner|ops)/` },
      to: { path: web, pathNot: [`${web}$1/`, sharedWeb] },
    },
    {
      name: 'web-room-feature',
      severity: 'error',
      comment:
        "A room's feature never imports another feature of the room: share through the room's own folders, src/lib or src/components (decision 025).",
      from: { path: `${web}(partner|ops)/features/([^/]+)/` },
      to: { path: `${web}$1/features/`, pathNot: `${web}$1/features/$2/` },
    },
    {
      name: 'web-shared',
      severity: 'error',
      comment:
        'src/lib and src/components are shared by every area, so they never import a feature, a room or src/app (decision 025).',
      from: { path: `${web}(lib|components)/` },
      to: { path: web, pathNot: `${web}(lib|components)/` },
    },
    // --- API (decisions 025, 072) ---
    {
      name: 'api-plugin-repository',
      severity: 'error',
      comment:
        'Plugins call services, never a repository: routes -> services -> repositories (decision 025).',
      from: { path: '^apps/api/src/plugins/' },
      to: { path: repository },
    },
    {
      name: 'api-module-repository',
      severity: 'error',
      comment:
        "A module never reaches into another module's repository: call that module's service (decisions 025, 072).",
      from: { path: '^apps/api/src/modules/([^/]+)/' },
      to: { path: repository, pathNot: '^apps/api/src/modules/$1/' },
    },
    {
      name: 'api-module-service-only',
      severity: 'error',
      comment:
        "A module reaches another module only through that module's service (*.service.ts), not its helpers, providers or views (decision 072).",
      from: { path: '^apps/api/src/modules/([^/]+)/', pathNot: TEST },
      to: {
        path: '^apps/api/src/modules/',
        pathNot: ['^apps/api/src/modules/$1/', '\\.service\\.ts$', TEST],
      },
    },
    {
      name: 'api-routes-repository',
      severity: 'error',
      comment: 'Routes are HTTP only: they call their service, never a repository (decision 025).',
      from: { path: '^apps/api/src/modules/.+\\.routes\\.ts$' },
      to: { path: repository },
    },
    {
      name: 'api-workflow-repository',
      severity: 'error',
      comment: "A workflow is steps over the modules' services, never their repositories (decision 072).",
      from: { path: '^apps/api/src/workflows/' },
      to: { path: repository },
    },
    {
      name: 'api-module-imports-workflow',
      severity: 'error',
      comment:
        'Modules never import workflows: routes and job handlers call a workflow, a workflow calls the modules (decision 072).',
      from: {
        path: '^apps/api/src/modules/',
        pathNot: ['\\.routes\\.ts$', '^apps/api/src/modules/jobs/', TEST],
      },
      to: { path: '^apps/api/src/workflows/' },
    },
    {
      name: 'api-file-cycle',
      severity: 'error',
      comment: 'No import circle between files of the API (the schema files included, decision 072).',
      from: { path: '^apps/api/src/' },
      to: { path: '^apps/api/src/', circular: true },
    },
    ...directionRules,
    // --- packages/shared (decision 025) ---
    {
      name: 'shared-pure',
      severity: 'error',
      comment:
        'packages/shared is the pure contract: no apps, no I/O (node:*, pg, drizzle-orm, fastify...) (decision 025).',
      from: { path: '^packages/shared/' },
      to: {
        path: [
          '^apps/',
          `^(node:)?(${io.join('|')})$`,
          `^(node_modules/)?(${ioPackages.map((p) => p.replace('/', '\\/')).join('|')})(/|$)`,
        ],
      },
    },
    {
      name: 'shared-no-node-core',
      severity: 'error',
      comment: 'packages/shared is the pure contract: no node:* module (decision 025).',
      from: { path: '^packages/shared/' },
      to: { dependencyTypes: ['core'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|dist-server|\\.tmp|data)/' },
    tsConfig: { fileName: 'tsconfig.base.json' },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
