import { expect, test } from '@playwright/test';
import { paidWeekOnNewSite } from './support/orders';
import { apiSignIn, approvedOwner, call, operatorSession, siteFields, uniqueTag } from './support/partners';

/**
 * Every page arrives rendered by the server (React Router's request handler in the API process, decision 043)
 * and the browser hydrates it: the first paint needs no JavaScript, and the nodes a visitor already sees are
 * kept, not drawn a second time.
 */

test('without JavaScript the pages already show their content and their shell', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: /Billboard booking made/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Popular Sites' })).toBeVisible();
  await page.goto('/customize');
  await expect(page.getByText('Customize Your Campaign')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeVisible();
  await page.goto('/cart');
  await expect(page.getByRole('link', { name: /home/i }).first()).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();
  await context.close();
});

test('a product page arrives rendered with its product: name, price and photo in the HTML', async ({
  browser,
  request,
}) => {
  const product = (await (await request.get('/api/product/1')).json()) as { name: string; images: string[] };
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/product/1');
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(
    page.getByRole('img', { name: `${product.name}, photo 1 of ${product.images.length}` }),
  ).toBeVisible();
  await expect(page.getByText(/₹[\d,]+\.\d\d/).first()).toBeVisible();
  await context.close();
  // An unknown product answers 404 from the server, with its not-found page (and a way home).
  const unknownAnswer = await request.get('/product/999999');
  expect(unknownAnswer.status()).toBe(404);
  const unknown = await unknownAnswer.text();
  expect(unknown).toContain('href="/"');
  expect(unknown).not.toContain(product.name);
});

test('/products arrives with its first page of sites; a filtered address with its own list', async ({
  browser,
  request,
}) => {
  const first = (await (await request.get('/api/product/?page=1&page_size=24')).json()) as {
    payload: { count: number; results: Array<{ name: string }> };
  };
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/products');
  await expect(page.getByText(`Showing ${first.payload.count} results`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: first.payload.results[0].name })).toBeVisible();
  await expect(page.getByRole('img', { name: `Photo of ${first.payload.results[0].name}` })).toBeVisible();
  // A filtered address arrives with its own list (decision 068): never the unfiltered sites, never a spinner.
  const goa = (await (await request.get('/api/product/?state=Goa&page=1&page_size=24')).json()) as {
    payload: { count: number; results: Array<{ name: string }> };
  };
  await page.goto('/products?state=Goa');
  await expect(page.getByText(`Showing ${goa.payload.count} results`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: goa.payload.results[0].name })).toBeVisible();
  await context.close();
});

test("a page drawn from browser storage never renders somebody else's empty state on the server", async ({
  request,
}) => {
  for (const path of ['/cart', '/user-details', '/my-orders', '/profile', '/customized-campaign-preview']) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain('aria-label="Loading"');
    expect(html, path).not.toContain('Cart Empty');
  }
  // The cart's frame comes with the HTML: its heading and where its lines are kept, not a bare spinner.
  const cart = await (await request.get('/cart')).text();
  expect(cart).toMatch(/<h1[^>]*>My Cart<\/h1>/);
  expect(cart).toContain('It is kept in this browser');
});

test('hydration keeps the server-rendered nodes and reports no error', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  // The nodes as parsed from the HTML, before any script of the page has run.
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      (window as unknown as { parsed: Element[] }).parsed = [
        ...document.querySelectorAll('header, footer, h1, h2, main button, main input'),
      ].filter((e) => !e.closest('[aria-roledescription="carousel"]')); // a carousel re-pages on a wide screen
    });
  });
  for (const [path, ready] of [
    ['/', page.getByRole('region', { name: 'Popular Sites', exact: true }).getByRole('article').first()],
    ['/customize', page.getByText(/^Showing \d+ results$/)],
    ['/products', page.getByRole('article').first()],
    ['/product/2', page.getByRole('button', { name: 'Choose start date' })],
  ] as const) {
    await page.goto(path);
    // The home page's sections draw their cards near the screen: scrolling there renders them.
    if (path === '/')
      await page.getByRole('region', { name: 'Popular Sites', exact: true }).scrollIntoViewIfNeeded();
    await expect(ready).toBeVisible({ timeout: 30_000 });
    // Hydrated: the header's buttons answer (the drawer or the user menu opens through React).
    const kept = await page.evaluate(() => {
      const parsed = (window as unknown as { parsed: Element[] }).parsed;
      return { parsed: parsed.length, connected: parsed.filter((e) => e.isConnected).length };
    });
    expect(kept.parsed, path).toBeGreaterThan(5);
    expect(kept.connected, path).toBe(kept.parsed);
  }
  expect(errors).toEqual([]);
});

test("a signed-in buyer's order, orders and profile arrive rendered with their data; without a session, the sign-in page", async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const siteName = `Rendered Order Hoarding ${uniqueTag()}`;
  const { buyer, orderId } = await paidWeekOnNewSite(request, siteName);
  const url = new URL(test.info().project.use.baseURL ?? '').origin;
  const session = [
    { name: 'ooh_session', value: buyer.cookie, url, httpOnly: true, sameSite: 'Lax' as const },
    { name: 'ooh_signed_in', value: '1', url, sameSite: 'Lax' as const },
  ];

  // Without JavaScript: what the server sent is the whole order, the session known on the first request.
  const signedIn = await browser.newContext({ javaScriptEnabled: false });
  await signedIn.addCookies(session);
  const page = await signedIn.newPage();
  await page.goto(`/my-orders/${orderId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order #${orderId}` })).toBeVisible();
  await expect(page.getByText(siteName).first()).toBeVisible();
  await expect(page.getByTestId('order-total')).toHaveText('₹12,390.00');
  // The orders list, on the tab the address names, and the profile with the details and this session.
  await page.goto('/my-orders?tab=upcoming');
  await expect(page.getByRole('tab', { name: 'Upcoming Campaigns', selected: true })).toBeVisible();
  await expect(page.getByText(`Order ${orderId} · 1 site`)).toBeVisible();
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(page.getByLabel('First Name')).toHaveValue('Asha');
  await expect(page.getByRole('list', { name: 'Signed-in sessions' }).getByRole('listitem')).toHaveCount(1);
  await signedIn.close();

  // Another buyer's session never gets this order in its HTML; no session at all is sent to sign in first.
  const other = await apiSignIn(request);
  const stranger = await browser.newContext({ javaScriptEnabled: false });
  await stranger.addCookies(
    session.map((c) => (c.name === 'ooh_session' ? { ...c, value: other.cookie } : c)),
  );
  const theirs = await stranger.newPage();
  await theirs.goto(`/my-orders/${orderId}`);
  await expect(theirs.getByRole('heading', { name: `Order #${orderId}` })).toHaveCount(0);
  await expect(theirs.getByText(siteName)).toHaveCount(0);
  await theirs.goto('/my-orders?tab=upcoming');
  await expect(theirs.getByRole('tab', { name: 'Upcoming Campaigns', selected: true })).toBeVisible();
  await expect(theirs.getByText(`Order ${orderId} ·`)).toHaveCount(0);
  await stranger.close();
  const nobody = await browser.newContext({ javaScriptEnabled: false });
  const signInPage = await nobody.newPage();
  await signInPage.goto(`/my-orders/${orderId}`);
  expect(new URL(signInPage.url()).pathname).toBe('/verify-mobile');
  expect(new URL(signInPage.url()).searchParams.get('redirect')).toBe(`/my-orders/${orderId}`);
  await signInPage.goto('/my-orders?tab=ongoing');
  expect(new URL(signInPage.url()).searchParams.get('redirect')).toBe('/my-orders?tab=ongoing');
  await nobody.close();
});

test('every screen of the two rooms is rendered by the server with its data, inside its room frame', async ({
  request,
}) => {
  test.setTimeout(120_000);
  const base = new URL(test.info().project.use.baseURL ?? '').origin;
  const owner = await approvedOwner(request);
  const operator = await operatorSession(request);
  // Node's fetch keeps no cookies: each screen is asked with exactly its user's session.
  const render = async (path: string, user: { cookie: string }) => {
    const res = await fetch(`${base}${path}`, {
      headers: { cookie: `ooh_session=${user.cookie}; ooh_signed_in=1` },
      redirect: 'manual',
    });
    return { status: res.status, html: await res.text() };
  };
  // Each screen's heading is in the HTML, and no loader or skeleton where its data belongs: the screen's
  // loader asked the API on the server (components/room-outlet.tsx), so the page arrives with what it shows.
  const screens: Array<[string, { cookie: string }, string]> = [
    ['/partner', owner, 'Overview'],
    ['/partner/sites', owner, 'Your sites'],
    ['/partner/sites/new', owner, 'Add a site'],
    ['/partner/calendar', owner, 'Calendar'],
    ['/partner/bookings', owner, 'Bookings'],
    ['/partner/import', owner, 'Import sites'],
    ['/partner/creatives', owner, 'Artwork'],
    ['/partner/proofs', owner, 'Proof of posting'],
    ['/partner/statements', owner, 'Statements'],
    ['/partner/payouts', owner, 'Payouts'],
    ['/partner/members', owner, 'Members'],
    ['/ops', operator, 'Queues'],
    ['/ops/media-owners', operator, 'Media owners'],
    ['/ops/sites', operator, 'Sites to review'],
    ['/ops/orders', operator, 'Orders'],
    ['/ops/payouts', operator, 'Payouts'],
    ['/ops/audit', operator, 'Audit log'],
    ['/ops/overdue', operator, 'Overdue'],
    ['/ops/refunds', operator, 'Failed refunds'],
  ];
  for (const [path, user, heading] of screens) {
    const page = await render(path, user);
    expect(page.status, path).toBe(200);
    expect(page.html, path).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
    expect(page.html, path).not.toContain('aria-label="Loading"');
  }
  // The owner's own data, from the first request: the team lists its admin, the overview its live sites.
  expect((await render('/partner/members', owner)).html).toContain('(you)');
  // An address inside a room that names no screen goes to the room's first one, already on the server.
  const unknown = await render('/partner/no/such/screen', owner);
  expect(unknown.status).toBe(302);
});

test('an owner without JavaScript sees their sites; once the app runs, the same fields take typing', async ({
  browser,
  request,
}) => {
  const owner = await approvedOwner(request);
  const name = `Rendered Hoarding ${uniqueTag()}`;
  await call(request, owner, 'POST', '/api/partner/sites', { data: siteFields(name), expected: 201 });
  const base = new URL(test.info().project.use.baseURL ?? '').origin;
  const cookies = [
    { name: 'ooh_session', value: owner.cookie, url: base, httpOnly: true, sameSite: 'Lax' as const },
    { name: 'ooh_signed_in', value: '1', url: base, sameSite: 'Lax' as const },
  ];
  const still = await browser.newContext({ javaScriptEnabled: false });
  await still.addCookies(cookies);
  const page = await still.newPage();
  await page.goto('/partner/sites?search=Rendered');
  await expect(page.getByRole('heading', { level: 1, name: 'Your sites' })).toBeVisible();
  await expect(page.getByRole('link', { name })).toBeVisible();
  await expect(page.getByText('1 site', { exact: true })).toBeVisible();
  // The screen's fields take input before any script runs (decision 068): nothing is disabled while waiting.
  await expect(page.getByLabel('Search by name, code or city')).toBeEnabled();
  await expect(page.getByLabel('Search by name, code or city')).toHaveValue('Rendered');
  await still.close();

  const live = await browser.newContext();
  await live.addCookies(cookies);
  const app = await live.newPage();
  await app.goto('/partner/sites');
  const search = app.getByLabel('Search by name, code or city');
  await search.fill(name);
  await expect(app).toHaveURL(/search=Rendered/);
  await expect(app.getByText('1 site', { exact: true })).toBeVisible();
  await live.close();
});
