import { describe, expect, it } from 'vitest';
import { expectStatus, type Factory, type Owner, type Site } from '../../../test/factory.ts';
import { FROM, holdsSuite, TO } from './holds.test-setup.ts';

type SiteHolds = {
  results: Array<{
    id: number;
    product_id: number;
    mine: boolean;
    renewable: boolean;
    until: string;
    client_name: string | null;
  }>;
};

/** GET /api/holds/sites: a campaign's lines told apart, held by the caller or by someone else. */
describe('holds on sites', () => {
  let make: Factory;
  let owner: Owner;
  let site: Site;
  const { hold } = holdsSuite((s) => {
    ({ make, owner, site } = s);
  });
  const onSites = (who: Parameters<Factory['call']>[0], ids: string) =>
    make.call(who, 'GET', `/api/holds/sites?product_ids=${ids}`);

  it("marks the caller's own holds (with renewable) apart from another buyer's, privately", async () => {
    const second = await make.site(owner, 'live', { name: 'Bandra Flyover Hoarding' });
    const untouched = await make.site(owner, 'live');
    const me = await make.buyer();
    const other = await make.buyer();
    const mine = expectStatus<{ id: number; expires_at: string }>(
      await hold(me, { product_id: site.id, from_date: FROM, to_date: TO }),
      201,
    );
    const theirs = expectStatus<{ id: number }>(
      await hold(other, { product_id: second.id, from_date: FROM, to_date: TO }),
      201,
    );

    const res = await onSites(me, `${site.id},${second.id},${untouched.id}`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const seen = expectStatus<SiteHolds>(res).results;
    expect(seen.map((h) => [h.id, h.product_id, h.mine, h.renewable])).toEqual([
      [mine.id, site.id, true, true],
      [theirs.id, second.id, false, false],
    ]);
    expect(seen[0].until).toBe(mine.expires_at);
    // Another buyer's hold says no more than the site's page does: never who holds it, nor for whom.
    expect(Object.keys(seen[1]).sort()).toEqual(
      [
        'client_name',
        'from_date',
        'id',
        'mine',
        'product_id',
        'renewable',
        'requested',
        'to_date',
        'until',
      ].sort(),
    );
    expect(seen[1].client_name).toBeNull();

    // Renewed once, it is no longer renewable; released, it is gone.
    expectStatus(await make.call(me, 'POST', `/api/holds/${mine.id}/renew`));
    const renewed = expectStatus<SiteHolds>(await onSites(me, String(site.id))).results;
    expect(renewed.map((h) => [h.mine, h.renewable])).toEqual([[true, false]]);
    expectStatus(await make.call(me, 'DELETE', `/api/holds/${mine.id}`));
    expect(expectStatus<SiteHolds>(await onSites(me, String(site.id))).results).toEqual([]);
  });

  it('is 401 signed out and 400 for a list that is not site ids', async () => {
    expectStatus(await onSites(null, String(site.id)), 401);
    const buyer = await make.buyer();
    for (const bad of ['', 'abc', '1,,2', Array.from({ length: 201 }, (_, i) => i + 1).join(',')]) {
      expectStatus(await onSites(buyer, bad), 400);
    }
  });
});
