import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  gstinCheckCharacter,
  type PartnerApplicationInput,
  type RolesResponse,
  type SiteFieldsInput,
} from '@ooh/shared';
import { type APIRequestContext, type APIResponse, expect, type Page } from '@playwright/test';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { randomPhone } from './auth';
import { devOutbox } from './dev-key';
import { currentPort } from './servers';

/**
 * Set-up through the API for the console journeys (issue 11): sign-in without a browser, an approved media
 * owner, a live site. Every journey makes its own users and sites, so journeys never share data.
 */

/** The demo operator: the default OPERATOR_PHONES while the development tools are on (README). */
export const DEMO_OPERATOR_PHONE = '9999900000';

export interface Session {
  /** The bearer token of API clients (the `call` helper sends it). */
  token: string;
  phone: string;
  /** The session cookie's value the same sign-in set: a browser page signs in with it (useSessionInPage). */
  cookie: string;
}

/** The newest code texted to the number, read from the dev SMS outbox of the server on `port`. */
async function outboxCode(request: APIRequestContext, phone: string, port: number): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const res = await request.get(devOutbox('sms-outbox', { phone_number: phone }, port));
        if (!res.ok()) return '';
        const { messages } = (await res.json()) as { messages: Array<{ body: string }> };
        // The newest message that carries a code: a notice (an owner's invitation, say) may arrive after it.
        code = messages.map((m) => m.body.match(/\b(\d{6})\b/)?.[1]).find(Boolean) ?? '';
        return code;
      },
      { message: `a sign-in code for ${phone} in the dev SMS outbox`, timeout: 20_000 },
    )
    .not.toBe('');
  return code;
}

/** The bot check solved (the ALTCHA proof of work, about a third of a second in Node), then the code sent. */
async function sendCode(request: APIRequestContext, phone: string): Promise<APIResponse> {
  const challenge = await (await request.get('/api/auth/challenge')).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the bot check could not be solved');
  const botToken = Buffer.from(
    JSON.stringify({ challenge, solution: { counter: solution.counter, derivedKey: solution.derivedKey } }),
  ).toString('base64');
  return request.post('/api/auth/otp/send', { data: { phone_number: phone, bot_token: botToken } });
}

/**
 * Signs in through the API as the browser does: the ALTCHA proof of work (solved here in Node, about a
 * third of a second), the code sent, read from the outbox and confirmed. One code per call: the API allows
 * 5 per number and 20 per address an hour, so journeys sign each user in once. `port`: the server
 * `request` talks to, when not the running test's (the setup signs in on every journey server).
 */
export async function apiSignIn(
  request: APIRequestContext,
  phone = randomPhone(),
  port = currentPort(),
): Promise<Session> {
  let sent = await sendCode(request, phone);
  // A worker that restarts after a failed test signs the operator in again: wait out the resend lock.
  if (sent.status() === 429) {
    const wait = Number(sent.headers()['retry-after'] ?? 30);
    if (wait <= 60) {
      await new Promise((resolve) => setTimeout(resolve, (wait + 1) * 1000));
      sent = await sendCode(request, phone);
    }
  }
  expect(sent.status(), await sent.text()).toBe(200);
  const { verification_id } = (await sent.json()) as { verification_id: string };
  const verified = await request.post('/api/auth/otp/verify', {
    data: { verification_id, code: await outboxCode(request, phone, port) },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  const cookie = verified
    .headersArray()
    .filter((h) => h.name.toLowerCase() === 'set-cookie')
    .map((h) => /^ooh_session=([^;]*)/.exec(h.value)?.[1])
    .find(Boolean);
  if (!cookie) throw new Error('the sign-in set no session cookie');
  return { token: ((await verified.json()) as { token: string }).token, phone, cookie };
}

/**
 * One operator session per journey server for the whole run: each sign-in spends one of the number's 5
 * codes an hour, and Playwright starts a new worker after every failed test, so the token is also kept in a
 * file (one per server: e2e/auth.setup.ts writes them first) and reused while the server still accepts it
 * (a new run's server has a new database and refuses the old one).
 */
export const operatorSessionFile = (port: number) =>
  path.join(process.cwd(), '.tmp', `e2e-operator-session-${port}.json`);
const operators = new Map<number, Promise<Session>>();
export function operatorSession(request: APIRequestContext, port = currentPort()): Promise<Session> {
  let operator = operators.get(port);
  if (!operator) {
    operator = reuseOrSignIn(request, port).catch((err) => {
      operators.delete(port);
      throw err;
    });
    operators.set(port, operator);
  }
  return operator;
}

async function reuseOrSignIn(request: APIRequestContext, port: number): Promise<Session> {
  try {
    const kept = JSON.parse(readFileSync(operatorSessionFile(port), 'utf8')) as Session;
    const roles = await request.get('/api/me/roles', { headers: { authorization: `Bearer ${kept.token}` } });
    const operator = roles.ok() && ((await roles.json()) as RolesResponse).data.operator === true;
    if (operator && kept.cookie) return kept;
  } catch {
    // No kept session, or not readable: sign in.
  }
  const session = await apiSignIn(request, DEMO_OPERATOR_PHONE, port);
  mkdirSync(path.dirname(operatorSessionFile(port)), { recursive: true });
  writeFileSync(operatorSessionFile(port), JSON.stringify(session));
  return session;
}

type FetchOptions = NonNullable<Parameters<APIRequestContext['fetch']>[1]>;

/** A call with the session's token; fails the test with the answer's body unless its status is `expected`. */
export async function call(
  request: APIRequestContext,
  session: Session,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  options: { data?: unknown; multipart?: FetchOptions['multipart']; expected?: number } = {},
): Promise<APIResponse> {
  const res = await request.fetch(url, {
    method,
    headers: { authorization: `Bearer ${session.token}` },
    ...(options.data === undefined ? {} : { data: options.data }),
    ...(options.multipart === undefined ? {} : { multipart: options.multipart }),
  });
  if (options.expected !== undefined) {
    expect(res.status(), `${method} ${url}: ${await res.text()}`).toBe(options.expected);
  }
  return res;
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const pick = (chars: string) => chars[Math.floor(Math.random() * chars.length)];

/** A random company PAN (fourth letter C) and a GSTIN that carries it with a right check character. */
export function companyIds(): { pan: string; gstin: string } {
  const pan = `${pick(LETTERS)}${pick(LETTERS)}${pick(LETTERS)}C${pick(LETTERS)}${String(
    Math.floor(Math.random() * 10_000),
  ).padStart(4, '0')}${pick(LETTERS)}`;
  const first14 = `27${pan}1Z`;
  return { pan, gstin: first14 + gstinCheckCharacter(first14) };
}

/** A valid application for a company named `companyName`. */
export function application(companyName: string): PartnerApplicationInput {
  return {
    company_name: companyName,
    ...companyIds(),
    address_line_1: '12 MG Road',
    address_line_2: 'Near the station',
    city: 'Pune',
    state: 'Maharashtra',
    pin: '411001',
    contact_name: 'Asha Rao',
    contact_phone: '9876500000',
    contact_email: 'asha@example.com',
    ifsc: 'HDFC0001234',
    // Its own bank account too: approving an owner that shares one needs a reason (DESIGN 7).
    account_number: String(Math.floor(1e11 + Math.random() * 9e11)),
  };
}

/** A unique tag for names in one journey run: letters only, so a search for it finds nothing else. */
export function uniqueTag(): string {
  return Array.from({ length: 8 }, () => pick(LETTERS)).join('');
}

/** A signed-in user whose media owner an operator approved. */
export async function approvedOwner(
  request: APIRequestContext,
  companyName = `Journey Outdoor ${uniqueTag()}`,
): Promise<Session & { ownerId: number; companyName: string }> {
  const session = await apiSignIn(request);
  const applied = await call(request, session, 'POST', '/api/partner/apply', {
    data: application(companyName),
    expected: 201,
  });
  const ownerId = ((await applied.json()) as { data: { id: number } }).data.id;
  await call(request, await operatorSession(request), 'POST', `/api/ops/media-owners/${ownerId}/approve`, {
    expected: 200,
  });
  return { ...session, ownerId, companyName };
}

/** The fields of a valid site in Pune; the minimum booking is 7 days. */
export function siteFields(name: string): SiteFieldsInput {
  return {
    name,
    description: 'A lit hoarding facing the morning traffic into the city.',
    category: 'hoarding',
    price: 1500,
    booking_duration: 7,
    address: 'FC Road, near the college gate',
    city: 'Pune',
    district: 'Pune',
    state: 'Maharashtra',
    pin_code: '411004',
    latitude: 18.5204,
    longitude: 73.8567,
    width_ft: 40,
    height_ft: 20,
    lighting: 'Front Lit',
  };
}

/** A site created by the owner, submitted and approved by the operator: live, listed to buyers. */
export async function liveSite(
  request: APIRequestContext,
  owner: Session,
  name: string,
  /** Fields other than siteFields' (another position, for a map of several sites). */
  fields: Partial<SiteFieldsInput> = {},
): Promise<{ id: number }> {
  const created = await call(request, owner, 'POST', '/api/partner/sites', {
    data: { ...siteFields(name), ...fields },
    expected: 201,
  });
  const site = ((await created.json()) as { data: { id: number; status: string } }).data;
  if (site.status === 'draft') {
    // A site goes to review with at least one photo (decision 046).
    await call(request, owner, 'POST', `/api/partner/sites/${site.id}/photos`, {
      multipart: { file: { name: 'site.jpg', mimeType: 'image/jpeg', buffer: await jpegPhoto() } },
      expected: 201,
    });
    await call(request, owner, 'POST', `/api/partner/sites/${site.id}/status`, {
      data: { action: 'submit' },
      expected: 200,
    });
  }
  await call(request, await operatorSession(request), 'POST', `/api/ops/sites/${site.id}/approve`, {
    expected: 200,
  });
  return { id: site.id };
}

/**
 * Signs the page's browser in with an API session (docs/decisions/042): its session cookie and the
 * readable signed-in hint go into the browser context, the profile cache into session storage, so a user
 * signed in through the API uses the screens without another code.
 */
export async function useSessionInPage(page: Page, session: Session): Promise<void> {
  if (page.url() === 'about:blank') await page.goto('/');
  const url = new URL(page.url()).origin;
  await page.context().addCookies([
    { name: 'ooh_session', value: session.cookie, url, httpOnly: true, sameSite: 'Lax' },
    { name: 'ooh_signed_in', value: '1', url, sameSite: 'Lax' },
  ]);
  await page.evaluate((phone) => {
    sessionStorage.setItem(
      'user_details',
      JSON.stringify({ userData: { payload: { phone_number: phone } } }),
    );
  }, session.phone);
}

/** A small JPEG photo of a hoarding-like picture, made on the fly. */
export async function jpegPhoto(): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp({
    create: { width: 800, height: 600, channels: 3, background: { r: 30, g: 110, b: 190 } },
  })
    .composite([
      {
        input: Buffer.from(
          '<svg width="800" height="600"><rect x="100" y="150" width="600" height="300" fill="#f4c430"/></svg>',
        ),
      },
    ])
    .jpeg({ quality: 80 })
    .toBuffer();
}
