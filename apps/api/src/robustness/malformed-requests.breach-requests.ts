import { commissionInvoices } from '../db/schema.ts';
import { approvedOwner, approvedOwnerToken } from './malformed-requests.owner-state.ts';
import {
  bearer,
  type Fixture,
  ok,
  operatorToken,
  send,
  type ValidRequest,
} from './malformed-requests.state.ts';

/** A moment `hours` before the fixture's clock, as an operator's form in IST sends it. */
const hoursAgo = (f: Fixture, hours: number) => {
  const at = new Date(f.ctx.clock.now().getTime() - hours * 3_600_000 + 5.5 * 3_600_000);
  return `${at.toISOString().slice(0, 19)}+05:30`;
};
const breach = (f: Fixture) => ({
  discovered_at: hoursAgo(f, 2),
  occurred_at: hoursAgo(f, 5),
  nature: 'A shared plan link was forwarded outside the buyer’s team.',
  extent: 'One buyer: name and billing address.',
  people_affected: 1,
  likely_impact: 'Unsolicited contact.',
  measures: 'The link was revoked.',
});

/**
 * The operators' compliance calls, each valid as built: the breach register (personal data) and the
 * TCS and TDS reports (decision 093).
 */
export const breachRequests: Record<string, (f: Fixture) => Promise<ValidRequest>> = {
  'GET /api/ops/tax/tcs': async (f) => ({
    method: 'GET',
    route: '/api/ops/tax/tcs',
    query: { month: '2026-11' },
    headers: bearer(await operatorToken(f)),
  }),
  'GET /api/ops/tax/tcs.csv': async (f) => ({
    method: 'GET',
    route: '/api/ops/tax/tcs.csv',
    query: { month: '2026-11' },
    headers: bearer(await operatorToken(f)),
  }),
  'GET /api/ops/tax/tds': async (f) => ({
    method: 'GET',
    route: '/api/ops/tax/tds',
    query: { quarter: '2026-Q3' },
    headers: bearer(await operatorToken(f)),
  }),
  'GET /api/partner/commission-invoices': async (f) => ({
    method: 'GET',
    route: '/api/partner/commission-invoices',
    query: { month: '2026-10' },
    headers: bearer(await approvedOwnerToken(f)),
  }),
  // An invoice of the sweep's owner as the month's issue writes it (a row; the invoices tests issue them).
  'GET /api/partner/commission-invoices/:id.pdf': async (f) => {
    const { token, ownerId } = await approvedOwner(f);
    const [row] = await f.ctx.database.db
      .insert(commissionInvoices)
      .values({
        mediaOwnerId: ownerId,
        month: '2026-10',
        number: `COM/26-27/8${String(ownerId).padStart(5, '0')}`,
        financialYear: '2026-27',
        taxablePaise: 157_500,
        cgstPaise: 14_175,
        sgstPaise: 14_175,
        igstPaise: 0,
        issuedAt: f.ctx.clock.now(),
      })
      .returning({ id: commissionInvoices.id });
    return {
      method: 'GET',
      route: '/api/partner/commission-invoices/:id.pdf',
      params: { id: String(row.id) },
      headers: bearer(token),
    };
  },
  'GET /api/ops/tax/tds.csv': async (f) => ({
    method: 'GET',
    route: '/api/ops/tax/tds.csv',
    query: { quarter: '2026-Q3' },
    headers: bearer(await operatorToken(f)),
  }),
  'POST /api/ops/breaches': async (f) => ({
    method: 'POST',
    route: '/api/ops/breaches',
    body: breach(f),
    headers: bearer(await operatorToken(f)),
  }),
  // A fresh breach each time, so a step once recorded never turns the next request into a 409.
  'PATCH /api/ops/breaches/:id': async (f) => {
    const headers = bearer(await operatorToken(f));
    const made: { data: { id: number } } = await ok(
      await send(f.ctx, { method: 'POST', route: '/api/ops/breaches', body: breach(f), headers }),
      'record a breach',
    );
    return {
      method: 'PATCH',
      route: '/api/ops/breaches/:id',
      params: { id: String(made.data.id) },
      body: {
        board_told_at: hoursAgo(f, 1.5),
        people_told_at: hoursAgo(f, 1.2),
        report_sent_at: hoursAgo(f, 1),
        closed_at: hoursAgo(f, 0.5),
        measures: 'The link was revoked and the buyer told.',
      },
      headers,
    };
  },
};
