// The API's module graph (decision 072): apps/api/src/modules/* as one node each, without tests, must have
// no cycle. A folder-scoped rule sees every folder of the cruise, so this cruise holds only the modules'
// production files; the other import rules are in .dependency-cruiser.cjs.
const base = require('./.dependency-cruiser.cjs');

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'api-module-cycle',
      severity: 'error',
      scope: 'folder',
      comment:
        'The modules form one direction (docs/architecture.md "The module direction", decision 072): a module may call a lower one, never back. A sequence over several modules is a workflow in src/workflows.',
      from: { path: '^apps/api/src/modules/[^/]+$' },
      to: { circular: true },
    },
  ],
  options: {
    ...base.options,
    includeOnly: '^apps/api/src/modules/',
    exclude: { path: '\\.test\\.ts$|test-helpers\\.ts$|test-fixtures\\.ts$|test-context\\.ts$' },
  },
};
