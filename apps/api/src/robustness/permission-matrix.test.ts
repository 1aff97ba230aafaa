import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { parsePrintedRoutes } from './malformed-requests.arbitraries.ts';
import { MATRIX, type MatrixEntry } from './permission-matrix.entries.ts';
import { tableFingerprints } from './permission-matrix.records.ts';
import { type Call, type Caller, type MatrixState, matrixState, send } from './permission-matrix.state.ts';

/**
 * Issue 11, docs/product-rules.md section 7: every /api/partner and /api/ops route against every role. The routes come
 * from the built app, so a new route without an entry in permission-matrix.entries.ts fails here.
 * - anonymous: 401 everywhere;
 * - a buyer (signed in, no media owner): 403 (404 on "my owner"; apply is open to any signed-in user);
 * - a member of a pending owner: 403 where the call needs an approved owner, allowed where any member is;
 * - owner B on owner A's site, block or photo: 404, and no table changed;
 * - owner A on its own records: past every check (never 401, 403 or 404; never 5xx);
 * - an operator: every /api/ops call gets past the role check (2xx, or a 4xx of validation, never 401/403);
 * - owner A's manager and field member (decision 046): past every check of the calls their role may make
 *   (`roles` of the entry; admin and manager by default), 403 on the others and on /api/ops.
 * Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL (the api-postgres project takes every test).
 */

let ctx: TestContext;
let state: MatrixState;
let served: Array<{ method: string; path: string; key: string }>;

beforeAll(async () => {
  ctx = await createTestApp({ env: { OPERATOR_PHONES: '9000000007' } });
  state = await matrixState(ctx, '9000000007');
  served = parsePrintedRoutes(ctx.app.printRoutes({ commonPrefix: false }))
    .filter((r) => /^\/api\/(partner|ops)(\/|$)/.test(r.path))
    .map((r) => ({ ...r, key: `${r.method} ${r.path}` }));
});
afterAll(() => ctx?.close());

const entries = () => served.map((r) => ({ route: r, entry: MATRIX[r.key] as MatrixEntry }));
const describeCall = (c: Call, who: string) => `${who}: ${c.method} ${c.url}`;

async function expectStatus(
  caller: Caller,
  entry: MatrixEntry,
  check: (status: number) => boolean,
  why: string,
) {
  const call = await entry.request(state, caller);
  const res = await send(ctx, call, caller);
  expect(
    check(res.statusCode),
    `${describeCall(call, caller)} answered ${res.statusCode} (${why}): ${res.body.slice(0, 300)}`,
  ).toBe(true);
  return res;
}

describe('the permission matrix of /api/partner and /api/ops', () => {
  it('has an entry for every served route, and none for a route that is gone', () => {
    expect(served.length).toBeGreaterThanOrEqual(6);
    for (const r of served) expect(Object.keys(MATRIX), `a matrix entry for ${r.key}`).toContain(r.key);
    const keys = served.map((r) => r.key);
    for (const key of Object.keys(MATRIX)) expect(keys, `${key} is served`).toContain(key);
  });

  it('anonymous gets 401 everywhere', async () => {
    for (const { entry } of entries()) await expectStatus('anonymous', entry, (s) => s === 401, '401');
  });

  it('a buyer gets 403 (404 on "my owner"; apply is open to every signed-in user)', async () => {
    for (const { entry } of entries()) {
      if (entry.access === 'signed-in') {
        await expectStatus('buyer', entry, (s) => s !== 401 && s !== 403 && s < 500, 'any signed-in user');
      } else if (entry.access === 'member-any') {
        await expectStatus('buyer', entry, (s) => s === 404, 'no media owner: 404');
      } else {
        await expectStatus('buyer', entry, (s) => s === 403, '403');
      }
    }
  });

  it('a member of a pending owner gets 403 where the call needs an approved owner, and on /api/ops', async () => {
    for (const { entry } of entries()) {
      if (entry.access === 'approved' || entry.access === 'operator') {
        await expectStatus('pending', entry, (s) => s === 403, '403');
      } else if (entry.access === 'member') {
        await expectStatus('pending', entry, (s) => s < 500 && s !== 401 && s !== 403, 'any member');
      }
    }
  });

  it('an approved owner gets 403 on /api/ops; an operator who is no member gets 403 on owner calls', async () => {
    for (const { entry } of entries()) {
      if (entry.access === 'operator') await expectStatus('ownerA', entry, (s) => s === 403, '403');
      if (entry.access === 'approved' || entry.access === 'member') {
        await expectStatus('operator', entry, (s) => s === 403, '403');
      }
    }
  });

  it("owner B on owner A's site, block or photo gets 404 and nothing changes", async () => {
    const owned = entries().filter(({ entry }) => entry.ownedByA);
    expect(owned.length).toBeGreaterThan(0);
    for (const { entry } of owned) {
      // The call first: building one may make a fresh record of A's (a block to remove).
      const call = await entry.request(state, 'ownerB');
      const before = await tableFingerprints(ctx);
      const res = await send(ctx, call, 'ownerB');
      expect(res.statusCode, `${describeCall(call, 'ownerB')}: ${res.body.slice(0, 300)}`).toBe(404);
      const after = await tableFingerprints(ctx);
      const changed = Object.keys(after).filter((t) => after[t] !== before[t]);
      expect(changed, `${describeCall(call, 'ownerB')} changed tables`).toEqual([]);
    }
  });

  it("owner B's lists never show owner A's records", async () => {
    for (const { entry } of entries()) {
      if (entry.access !== 'approved' || entry.ownedByA) continue;
      const call = await entry.request(state, 'ownerB');
      if (call.method !== 'GET') continue;
      const res = await send(ctx, call, 'ownerB');
      expect(res.statusCode, describeCall(call, 'ownerB')).toBeLessThan(500);
      for (const secret of state.ownerASecrets) {
        expect(res.body, `${describeCall(call, 'ownerB')} shows owner A's ${secret}`).not.toContain(secret);
      }
    }
  });

  it('owner A gets past every check on its own records (never 401, 403 or 404, never 5xx)', async () => {
    for (const { entry } of entries()) {
      if (entry.access === 'signed-in' || entry.access === 'operator') continue;
      await expectStatus('ownerA', entry, (s) => s < 500 && s !== 401 && s !== 403 && s !== 404, 'allowed');
    }
  });

  it("owner A's manager and field member get past every check their role allows, and 403 on the rest", async () => {
    for (const caller of ['managerA', 'fieldA'] as const) {
      const role = caller === 'managerA' ? 'manager' : 'field';
      for (const { entry } of entries()) {
        if (entry.access === 'signed-in') continue;
        if (entry.access === 'operator') {
          await expectStatus(caller, entry, (s) => s === 403, '403');
          continue;
        }
        const allowed = entry.access === 'member-any' || (entry.roles ?? ['admin', 'manager']).includes(role);
        if (allowed) {
          await expectStatus(
            caller,
            entry,
            (s) => s < 500 && s !== 401 && s !== 403 && s !== 404,
            `${role}: allowed`,
          );
        } else {
          await expectStatus(caller, entry, (s) => s === 403, `${role}: 403`);
        }
      }
    }
  });

  it('an operator gets past the role check on every /api/ops call (2xx or a 4xx of validation)', async () => {
    for (const { entry } of entries()) {
      if (entry.access !== 'operator') continue;
      await expectStatus('operator', entry, (s) => s < 500 && s !== 401 && s !== 403, 'allowed');
    }
  });
});
