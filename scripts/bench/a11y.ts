/**
 * npm run bench:a11y -- [--dist apps/web/dist] [--port 4300] [--min 95] [--owner-phone 98...] [--only /ops,/partner]: Lighthouse's
 * accessibility category on every console screen (/partner..., /ops...) of a built SPA, served by the real
 * API on a fresh demo catalogue. It signs in through the dev SMS outbox as an operator (OPERATOR_PHONES) and
 * as a media owner (the seed's demo owner 9999900001 or --owner-phone when approved, else a fresh application
 * the operator approves),
 * then gives the browser that session as the server does (docs/decisions/042): the HttpOnly `ooh_session`
 * cookie from the verify answer's set-cookie, and the readable `ooh_signed_in` hint beside it, set for the
 * server's host before each page loads. A page that does not end on the path asked for (a sign-in redirect to
 * /verify-mobile, a console that sent the visitor away), or shows no h1, a gate screen (not an operator, not
 * an approved owner), the sign-in dialog or a load error, stops the run. Prints a table of scores and every
 * failing audit with its elements; exits 1 below --min.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gstinCheckCharacter, type PartnerSitePage } from '@ooh/shared';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { launchChromium, startWebServer, useSession } from './lighthouse.ts';
import { ROOT, stopChild } from './server.ts';
import { benchSignIn, apiCall as call, type BenchSession as Session } from './sign-in.ts';

const OPERATOR_PHONE = '9000000001';
/** The server's dev key, read from its DATA_DIR once it is up: the dev SMS outbox answers only with it. */
let outboxKey = '';
/**
 * Every console route (the /partner and /ops children in apps/web/src/routes.ts) and the buyer's
 * order. `:order` is the demo buyer's paid order (the seed's 9999900007, whose lines have started); `:site`
 * the owner's first site.
 */
const PAGES: Array<{ path: string; as: 'owner' | 'operator' | 'buyer' }> = [
  ...[
    '/partner',
    '/partner/sites',
    '/partner/sites/new',
    '/partner/sites/:site',
    '/partner/calendar',
    '/partner/bookings',
    '/partner/import',
    '/partner/creatives',
    '/partner/proofs',
    '/partner/statements',
    '/partner/payouts',
    '/partner/members',
  ].map((p) => ({ path: p, as: 'owner' as const })),
  ...[
    '/ops',
    '/ops/sites',
    '/ops/orders',
    '/ops/orders/:order',
    '/ops/media-owners',
    '/ops/payouts',
    '/ops/audit',
    '/ops/overdue',
    '/ops/refunds',
  ].map((p) => ({
    path: p,
    as: 'operator' as const,
  })),
  { path: '/my-orders/:order', as: 'buyer' },
];
const DEMO_BUYER_PHONE = '9999900007';

/** Signed in with this server's dev key (read in main). */
const signIn = (base: string, phone: string) => benchSignIn(base, outboxKey, phone);

/** A media owner of its own: applies with a valid application, and the operator approves it. */
async function approvedOwner(base: string, operator: Session): Promise<Session> {
  const phone = `98${String(Date.now()).slice(-8)}`;
  const owner = await signIn(base, phone);
  const pan = 'AAPFU0939F';
  const first14 = `27${pan}1Z`;
  const applied = await call<{ data: { id: number } }>(
    base,
    'POST',
    '/api/partner/apply',
    {
      company_name: 'Lighthouse Outdoor Pvt Ltd',
      gstin: first14 + gstinCheckCharacter(first14),
      pan,
      address_line_1: '12 MG Road',
      city: 'Pune',
      state: 'Maharashtra',
      pin: '411001',
      contact_name: 'Asha Rao',
      contact_phone: phone,
      contact_email: 'asha@example.com',
      ifsc: 'HDFC0001234',
      account_number: String(Math.floor(1e11 + Math.random() * 9e11)),
    },
    owner.token,
  );
  await call(base, 'POST', `/api/ops/media-owners/${applied.data.id}/approve`, undefined, operator.token);
  return owner;
}

/** The first demo owner of the seed (its sites fill the screens), when it is there and approved. */
const DEMO_OWNER_PHONE = '9999900001';
async function demoOwner(base: string, phone: string): Promise<Session | null> {
  const session = await signIn(base, phone);
  const res = await fetch(`${base}/api/partner/me`, {
    headers: { authorization: `Bearer ${session.token}` },
  });
  if (!res.ok) return null;
  const me = (await res.json()) as { data?: { status?: string } };
  return me.data?.status === 'approved' ? session : null;
}

interface Finding {
  id: string;
  title: string;
  items: string[];
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      dist: { type: 'string' },
      port: { type: 'string' },
      min: { type: 'string' },
      'owner-phone': { type: 'string' },
      only: { type: 'string' },
    },
  });
  const dist = path.resolve(values.dist ?? path.join(ROOT, 'apps/web/dist'));
  const port = Number(values.port ?? 4300);
  const min = Number(values.min ?? 95);
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'ooh-a11y-'));
  mkdirSync(path.join(ROOT, 'bench', 'tmp'), { recursive: true });
  const phones = new Set([...(process.env.OPERATOR_PHONES ?? '').split(','), OPERATOR_PHONE].filter(Boolean));
  process.env.OPERATOR_PHONES = [...phones].join(',');
  const server = await startWebServer(port, dist, path.join(tmp, 'data'));
  outboxKey = readFileSync(path.join(tmp, 'data', 'dev-outbox-key'), 'utf8').trim();
  const chromium = await launchChromium(port + 1, path.join(tmp, 'chromium'));
  const rows: Array<{ path: string; score: number; findings: Finding[] }> = [];
  try {
    const operator = await signIn(server.url, OPERATOR_PHONE);
    const owner =
      (await demoOwner(server.url, values['owner-phone'] ?? DEMO_OWNER_PHONE)) ??
      (await approvedOwner(server.url, operator));
    const buyer = await signIn(server.url, DEMO_BUYER_PHONE);
    const booked = await call<{ data: Array<{ order_id?: number }> }>(
      server.url,
      'GET',
      '/api/booked_campaigns/',
      undefined,
      buyer.token,
    );
    const demoOrder = JSON.stringify(booked).match(/"order_id":(\d+)/)?.[1];
    if (!demoOrder) throw new Error('the demo buyer has no paid order (is the demo seed loaded?)');
    const sites = await call<PartnerSitePage>(
      server.url,
      'GET',
      '/api/partner/sites',
      undefined,
      owner.token,
    );
    const ownerSite = sites.results[0]?.id;
    if (ownerSite === undefined) throw new Error(`the owner ${owner.phone} has no site to edit`);
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port + 1}` });
    const host = new URL(server.url).hostname;
    const only = values.only?.split(',');
    for (const page of PAGES.filter((p) => !only || only.includes(p.path))) {
      const session = page.as === 'owner' ? owner : page.as === 'buyer' ? buyer : operator;
      const url = page.path.replace(':order', demoOrder).replace(':site', String(ownerSite));
      const tab = await browser.newPage();
      // The app fetches the profile itself (GET /api/auth/user/).
      await useSession(browser, host, session.cookie);
      const result = await lighthouse(
        `${server.url}${url}`,
        { logLevel: 'error', output: 'json', onlyCategories: ['accessibility'], disableStorageReset: true },
        undefined,
        tab,
      );
      const shown = new URL(tab.url()).pathname;
      // What the tab shows once Lighthouse is done: the page's h1, and whatever says it is not the signed-in
      // page (the sign-in dialog over it, a load that failed).
      const state = await tab.evaluate(() => ({
        h1: document.querySelector('h1')?.textContent?.trim() ?? '',
        dialog: document.querySelector('[role="dialog"]')?.textContent?.trim().slice(0, 80) ?? '',
        loadError: [...document.querySelectorAll('[role="alert"]')]
          .filter((a) => [...a.querySelectorAll('button')].some((b) => b.textContent?.trim() === 'Try again'))
          .map((a) => a.textContent?.trim().slice(0, 80))
          .join('; '),
      }));
      await tab.close();
      if (!result) throw new Error(`Lighthouse returned nothing for ${page.path}`);
      const { lhr } = result;
      if (lhr.runtimeError) throw new Error(`Lighthouse on ${page.path}: ${lhr.runtimeError.message}`);
      // A score of a sign-in screen or of the page a console sends strangers to says nothing of this page.
      const landed = [new URL(lhr.finalDisplayedUrl).pathname, shown].find((p) => p !== url);
      if (landed) {
        throw new Error(
          `${url} (${page.as} ${session.phone}) ended on ${landed}${landed === '/verify-mobile' ? ': not signed in' : ''}`,
        );
      }
      // The gate screens a console shows at its own path (apps/web/src/partner/partner-layout.tsx,
      // apps/web/src/ops/components/ops-layout.tsx), and a page still loading (no h1 yet).
      const gate = /^(This area is for operators|Your application|List your sites)/.test(state.h1);
      if (!state.h1 || gate || state.dialog || state.loadError) {
        throw new Error(
          `${url} (${page.as} ${session.phone}) is not the signed-in page: h1 "${state.h1}"` +
            `${state.dialog ? `, a dialog "${state.dialog}"` : ''}${state.loadError ? `, ${state.loadError}` : ''}`,
        );
      }
      const findings = Object.values(lhr.audits)
        .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
        .map((a) => ({
          id: a.id,
          title: a.title,
          items: (
            (a.details as { items?: Array<{ node?: { selector?: string; snippet?: string } }> })?.items ?? []
          )
            .map((item) => `${item.node?.selector ?? ''} ${item.node?.snippet ?? ''}`.trim())
            .slice(0, 5),
        }));
      const score = Math.round((lhr.categories.accessibility.score ?? 0) * 100);
      rows.push({ path: page.path, score, findings });
      console.error(
        `[a11y] ${page.path} ("${state.h1}"): ${score}${findings.length ? ` (${findings.map((f) => f.id).join(', ')})` : ''}`,
      );
    }
    await browser.disconnect();
  } finally {
    await stopChild(chromium);
    await server.stop();
    rmSync(tmp, { recursive: true, force: true });
  }
  const lines = [
    `Lighthouse accessibility (mobile) of the console screens, signed in; minimum ${min}.`,
    '',
    '| page | score | failing audits |',
    '|---|---:|---|',
    ...rows.map((r) => `| ${r.path} | ${r.score} | ${r.findings.map((f) => f.id).join(', ') || '-'} |`),
  ];
  for (const r of rows) {
    for (const f of r.findings) {
      lines.push('', `${r.path}: ${f.id} (${f.title})`, ...f.items.map((item) => `  - ${item}`));
    }
  }
  console.log(lines.join('\n'));
  writeFileSync(path.join(ROOT, 'bench', 'tmp', 'a11y-results.json'), JSON.stringify(rows, null, 2));
  if (rows.some((r) => r.score < min)) process.exitCode = 1;
}

await main();
