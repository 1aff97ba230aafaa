// One owner per table (docs/decisions/037-one-owner-per-table.md, docs/architecture.md "who owns what"):
// every table of the Drizzle schema has exactly one API module that may write it (insert, update,
// delete); any other module asks the owner's service. This script fails `npm run lint` when
// - a table of apps/api/src/db/*.ts is missing from OWNERS below (or OWNERS names a table that is gone),
// - a file of apps/api/src outside the owner writes the table: Drizzle `.insert(t)`, `.update(t)`,
//   `.delete(t)`, raw SQL `INSERT INTO t`, `UPDATE t`, `DELETE FROM t` in any string, or the same SQL with
//   the table interpolated into a `sql` template (``sql`UPDATE ${t} SET ...` ``); the table may be named
//   as imported, through `import { t as alias }`, a namespace import (`import * as s` + `s.t`) or a local
//   alias (`const x = t` / `const x = s.t`). Decision 072 added the last three forms.
// Exempt: tests and their helpers (*.test.ts, *.test-helpers.ts, *.test-fixtures.ts, apps/api/test,
// src/robustness, which arrange states on purpose), and THE DEMO SEED (src/db/seed): it builds the
// demo catalogue, owners and paid orders in one start-up transaction before the app and its services
// exist, so it writes the tables directly and is exempt.
// Reads too, for the tables in READ_BY_OWNER_ONLY (issue 43: the order's money is read in one place): a
// file outside the owner that imports such a table from the schema (by name, alias or namespace) and uses
// it fails; other modules ask the owner's service (orders/line-reads.service.ts and its siblings).
// Run with --check (npm run lint): the probes below must behave too, so the rule cannot rot silently.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('../../', import.meta.url).pathname;
const apiSrc = join(root, 'apps/api/src');

/** table -> the module (apps/api/src/modules/<name>) that alone writes it. */
export const OWNERS = {
  agencies: 'agencies',
  agency_clients: 'agencies',
  agency_members: 'agencies',
  agency_approvals: 'agencies',
  agency_campaign_clients: 'agencies',
  app_meta: 'contact',
  audit_log: 'audit',
  bookings: 'orders',
  campaign_products: 'customized-campaigns',
  campaigns: 'customized-campaigns',
  categories: 'sites',
  contact_messages: 'contact',
  creatives: 'creatives',
  document_counters: 'invoices',
  help_requests: 'contact',
  idempotency_keys: 'idempotency',
  invoices: 'invoices',
  commission_invoices: 'invoices',
  linked_accounts: 'payouts',
  mail_outbox: 'mail',
  media_owner_members: 'partners',
  media_owner_invitations: 'partners',
  media_owners: 'partners',
  notifications: 'notifications',
  order_items: 'orders',
  order_line_events: 'orders',
  orders: 'orders',
  otp_verifications: 'auth',
  payments: 'payments',
  payout_recoveries: 'payouts',
  payout_reversals: 'payouts',
  payouts: 'payouts',
  plan_shares: 'plans',
  briefs: 'proposals',
  proposals: 'proposals',
  proposal_lines: 'proposals',
  proposal_offers: 'proposals',
  pricing_rules: 'pricing',
  pricing_packages: 'pricing',
  products: 'sites',
  proofs: 'proofs',
  refunds: 'orders',
  revoked_tokens: 'auth',
  sessions: 'auth',
  sandbox_linked_accounts: 'payouts',
  sandbox_payments: 'payments',
  sandbox_refunds: 'payments',
  sandbox_transfers: 'payouts',
  shared_secrets: 'secrets',
  request_limits: 'fair-use',
  sandbox_transfer_reversals: 'payouts',
  site_photos: 'sites',
  sms_outbox: 'sms',
  used_challenges: 'bot-check',
  transfer_events: 'payouts',
  users: 'users',
  consent_records: 'users',
  breaches: 'breaches',
  webhook_events: 'payments',
};

/** Tables no other module may even read: they hold the order and its lines, read through orders' services. */
export const READ_BY_OWNER_ONLY = new Set(['orders', 'order_items']);

/** [path under apps/api/src, source, must fail]: the rule at work, proved on every `npm run lint`. */
const PROBES = [
  [
    'modules/bookings/a.repository.ts',
    "import { orders } from '../../db/schema.ts';\ntx.update(orders).set({});",
    true,
  ],
  [
    'modules/payments/a.repository.ts',
    "import { bookings } from '../../db/schema.ts';\ntx.insert(bookings);",
    true,
  ],
  [
    'modules/payments/a.ts',
    "import { orderItems as lines } from '../../db/schema.ts';\ntx.delete(lines);",
    true,
  ],
  ['modules/statements/a.repository.ts', 'db.execute(sql`UPDATE orders SET status = $1`);', true],
  [
    'modules/bookings/a.repository.ts',
    'db.execute(sql`\n  insert into bookings (product_id) values (1)`);',
    true,
  ],
  ['modules/jobs/a.ts', 'db.execute(sql`DELETE FROM refunds WHERE id = 1`);', true],
  // The four forms decision 072 added: a table interpolated into a sql template, a raw string, a
  // namespace import, a local alias; each must fail outside the owner and pass inside it.
  [
    'modules/payouts/a.repository.ts',
    `import { orders } from '../../db/schema.ts';\ndb.execute(sql\`UPDATE \${orders} SET status = 'paid'\`);`,
    true,
  ],
  [
    'modules/payouts/a.repository.ts',
    `import { refunds as r } from '../../db/schema.ts';\ndb.execute(sql\`insert into \${r} (order_id) values (1)\`);`,
    true,
  ],
  [
    'modules/payouts/a.repository.ts',
    "await pool.query('UPDATE public.orders SET status = $1', ['x']);",
    true,
  ],
  ['modules/payouts/a.repository.ts', 'const text = \'DELETE FROM "order_items" WHERE id = $1\';', true],
  [
    'modules/payouts/a.repository.ts',
    "import * as schema from '../../db/schema.ts';\ntx.update(schema.orders).set({});",
    true,
  ],
  [
    'modules/payouts/a.repository.ts',
    `import * as s from '../../db/schema.ts';\ndb.execute(sql\`DELETE FROM \${s.refunds} WHERE id = 1\`);`,
    true,
  ],
  [
    'modules/payouts/a.repository.ts',
    "import { orders } from '../../db/schema.ts';\nconst target = orders;\ntx.update(target).set({});",
    true,
  ],
  [
    'modules/payouts/a.repository.ts',
    "import * as schema from '../../db/schema.ts';\nconst t = schema.orderItems;\ntx.delete(t);",
    true,
  ],
  [
    'modules/orders/a.repository.ts',
    `import * as schema from '../../db/schema.ts';\nconst t = schema.orders;\ntx.update(t); db.execute(sql\`UPDATE \${schema.refunds} SET x = 1\`);`,
    false,
  ],
  [
    'modules/payouts/a.repository.ts',
    `import * as schema from '../../db/schema.ts';\ndb.select().from(schema.products); db.execute(sql\`SELECT * FROM \${schema.products} FOR UPDATE OF \${schema.products}\`);`,
    false,
  ],
  // Reads of the order tables outside orders (READ_BY_OWNER_ONLY): by name, alias and namespace.
  [
    'modules/payouts/a.repository.ts',
    "import { orders } from '../../db/schema.ts';\ndb.select().from(orders);",
    true,
  ],
  [
    'modules/reminders/a.repository.ts',
    "import { orderItems as lines, users } from '../../db/schema.ts';\ndb.select().from(users).innerJoin(lines, x);",
    true,
  ],
  [
    'workflows/a.workflow.ts',
    "import * as schema from '../db/schema.ts';\ndb.select({ id: schema.orderItems.id }).from(schema.users);",
    true,
  ],
  [
    'modules/orders/a.repository.ts',
    "import { orders } from '../../db/schema.ts';\ndb.select().from(orders);",
    false,
  ],
  [
    'modules/payouts/a.service.ts',
    '// read orders through the orders service\nconst orders = await list();',
    false,
  ],
  ['db/a-schema.ts', "import { orders } from './core-schema.ts';\nconst fk = () => orders.id;", false],
  ['plugins/a.ts', "import { users } from '../db/schema.ts';\ndb.update(users);", true],
  [
    'modules/orders/a.repository.ts',
    "import { orders, bookings } from '../../db/schema.ts';\ntx.update(orders); tx.insert(bookings);",
    false,
  ],
  ['modules/orders/a.repository.ts', 'db.execute(sql`UPDATE bookings SET status = 1`);', false],
  [
    'modules/bookings/a.repository.ts',
    "import { payments } from '../../db/schema.ts';\ndb.select().from(payments).for('update');",
    false,
  ],
  [
    'modules/bookings/a.repository.ts',
    'db.execute(sql`SELECT id FROM orders FOR UPDATE OF orders SKIP LOCKED`);',
    false,
  ],
  [
    'modules/payments/a.repository.ts',
    '// we never update orders here: the orders service does\nhash.update(data);',
    false,
  ],
  [
    'modules/payments/a.repository.ts',
    "import { payments } from '../../db/schema.ts';\ntx.insert(payments);",
    false,
  ],
  ['db/seed/a.ts', "import { orders } from '../schema.ts';\ntx.insert(orders);", false],
  ['modules/bookings/a.test.ts', "import { orders } from '../../db/schema.ts';\ndb.update(orders);", false],
  ['robustness/a.ts', "import { orders } from '../db/schema.ts';\ndb.update(orders);", false],
];

function schemaTables() {
  const dbDir = join(apiSrc, 'db');
  const tables = new Map(); // js name -> sql name
  for (const f of readdirSync(dbDir).filter((n) => n.endsWith('.ts'))) {
    const text = readFileSync(join(dbDir, f), 'utf8');
    for (const m of text.matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g)) tables.set(m[1], m[2]);
  }
  return tables;
}

const exempt = (path) =>
  /\.test\.ts$|test-helpers\.ts$|test-fixtures\.ts$/.test(path) ||
  path.startsWith('robustness/') ||
  path.startsWith('db/seed/');

/** modules/<m>/... -> <m>; anything else (plugins, lib, db) owns no table. */
const moduleOf = (path) => /^modules\/([^/]+)\//.exec(path)?.[1] ?? path.split('/')[0];

/** Comments out (a comment may say "update orders"); strings stay, raw SQL lives in them. */
const withoutComments = (source) =>
  source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

/** The tables a file writes: [{ table, how }]. */
export function writesOf(source, tables) {
  const code = withoutComments(source);
  // Every name that stands for a table in this file: the schema's own names, `{ t as alias }`,
  // `ns.t` for a namespace import of a schema file, and `const x = <one of those>`.
  const alias = new Map([...tables.keys()].map((k) => [k, tables.get(k)]));
  for (const m of code.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'[^']*schema[^']*'/g))
    for (const part of m[1].split(',')) {
      const [name, as] = part.trim().split(/\s+as\s+/);
      if (as && tables.has(name)) alias.set(as.trim(), tables.get(name));
    }
  for (const m of code.matchAll(/import\s*\*\s*as\s+([A-Za-z_$][\w$]*)\s+from\s*'[^']*schema[^']*'/g))
    for (const [js, name] of tables) alias.set(`${m[1]}.${js}`, name);
  for (const m of code.matchAll(
    /\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)?)\s*[;,\n]/g,
  ))
    if (alias.has(m[2])) alias.set(m[1], alias.get(m[2]));
  const sqlNames = new Set(tables.values());
  const found = [];
  const ref = '([A-Za-z_$][\\w$]*(?:\\.[A-Za-z_$][\\w$]*)?)';
  for (const m of code.matchAll(new RegExp(`\\.(insert|update|delete)\\(\\s*${ref}\\s*\\)`, 'g')))
    if (alias.has(m[2])) found.push({ table: alias.get(m[2]), how: `.${m[1]}(${m[2]})` });
  const verb = '\\b(INSERT\\s+INTO|UPDATE|DELETE\\s+FROM)\\s+';
  // "FOR UPDATE OF t" and "DO UPDATE SET" lock or upsert, they name no table to write.
  const lockOrUpsert = (index) => /\b(FOR|DO)\s+$/i.test(code.slice(Math.max(0, index - 12), index));
  for (const m of code.matchAll(new RegExp(`${verb}(?:"?public"?\\.)?"?([a-z_][a-z0-9_]*)"?`, 'gi'))) {
    if (lockOrUpsert(m.index)) continue;
    if (sqlNames.has(m[2].toLowerCase()))
      found.push({ table: m[2].toLowerCase(), how: m[0].replace(/\s+/g, ' ') });
  }
  for (const m of code.matchAll(new RegExp(`${verb}\\$\\{\\s*${ref}\\s*\\}`, 'gi'))) {
    if (lockOrUpsert(m.index)) continue;
    if (alias.has(m[2])) found.push({ table: alias.get(m[2]), how: m[0].replace(/\s+/g, ' ') });
  }
  return found;
}

/** The READ_BY_OWNER_ONLY tables a file names after importing them from the schema: [{ table, how }]. */
export function guardedReadsOf(source, tables) {
  const code = withoutComments(source);
  const names = new Map();
  for (const m of code.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'[^']*schema[^']*'/g))
    for (const part of m[1].split(',')) {
      const [name, as] = part.trim().split(/\s+as\s+/);
      if (tables.has(name) && READ_BY_OWNER_ONLY.has(tables.get(name)))
        names.set((as ?? name).trim(), tables.get(name));
    }
  for (const m of code.matchAll(/import\s*\*\s*as\s+([A-Za-z_$][\w$]*)\s+from\s*'[^']*schema[^']*'/g))
    for (const [js, name] of tables) if (READ_BY_OWNER_ONLY.has(name)) names.set(`${m[1]}.${js}`, name);
  const body = code.replace(/import\s*(?:type\s*)?(?:\{[^}]*\}|\*\s*as\s+[\w$]+)\s*from\s*'[^']*';?/g, '');
  const found = [];
  for (const [name, table] of names) {
    const escaped = name.replace(/[.$]/g, (c) => `\\${c}`);
    if (new RegExp(`(^|[^\\w$.])${escaped}(?![\\w$])`).test(body)) found.push({ table, how: name });
  }
  return found;
}

export function violationsOf(path, source, tables) {
  if (exempt(path)) return [];
  const module = moduleOf(path);
  const writes = writesOf(source, tables)
    .filter((w) => OWNERS[w.table] !== module)
    .map((w) => `  apps/api/src/${path}: ${w.how} writes ${w.table}, owned by modules/${OWNERS[w.table]}`);
  // The schema files name the tables for their foreign keys.
  const schemaFile = /^db\/([\w-]+-)?schema\.ts$/.test(path);
  const reads = (schemaFile ? [] : guardedReadsOf(source, tables))
    .filter((r) => OWNERS[r.table] !== module)
    .map(
      (r) =>
        `  apps/api/src/${path}: reads ${r.table} (${r.how}), which only modules/${OWNERS[r.table]} reads: ask its service`,
    );
  return [...writes, ...reads];
}

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

const tables = schemaTables();
const problems = [];
const sqlNames = new Set(tables.values());
for (const t of sqlNames) if (!OWNERS[t]) problems.push(`  table ${t} has no owner in OWNERS`);
for (const t of Object.keys(OWNERS))
  if (!sqlNames.has(t)) problems.push(`  OWNERS names ${t}, which the schema lacks`);
for (const file of walk(apiSrc)) {
  const path = relative(apiSrc, file);
  problems.push(...violationsOf(path, readFileSync(file, 'utf8'), tables));
}
PROBES.forEach(([path, source, mustFail]) => {
  const failed = violationsOf(path, source, tables).length > 0;
  if (failed !== mustFail)
    problems.push(`  probe ${path} (${source.split('\n').pop()}) should ${mustFail ? 'fail' : 'pass'}`);
});
if (problems.length > 0) {
  console.error(
    `Table owners: ${problems.length} problem(s) (a module writes only the tables it owns; ask the owner's service):\n${problems.join('\n')}`,
  );
  process.exit(1);
}
console.log(
  `Table owners: ${sqlNames.size} tables, each written only by its owner (${[...READ_BY_OWNER_ONLY].join(', ')} read by it alone); ${PROBES.length} probes behave.`,
);
