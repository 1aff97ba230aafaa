import { setTimeout as sleep } from 'node:timers/promises';

/** A user signed in through the API as the browser is. */
export interface BenchSession {
  /** The one-hour bearer token of the verify answer, for the script's own API calls. */
  token: string;
  /** The browser's credential: the `ooh_session` cookie the verify answer sets. */
  cookie: string;
  phone: string;
}

/** A JSON call that throws with the status and the start of the body when it is not 2xx. */
export async function apiCall<T>(
  base: string,
  method: string,
  url: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

/**
 * Signs in as the journeys do (e2e/support/partners.ts apiSignIn): a code to the dev SMS outbox (read with
 * the server's dev key; the server runs with BOT_CHECK=off), verified (which answers a bearer token and sets
 * the session cookie), then login_with_phone as the web app calls it. Shared by `bench` (the signed-in order
 * page) and `bench:a11y`.
 */
export async function benchSignIn(base: string, devKey: string, phone: string): Promise<BenchSession> {
  const sent = await apiCall<{ verification_id: string }>(base, 'POST', '/api/auth/otp/send', {
    phone_number: phone,
  });
  // The newest message that carries a code (a notice may arrive after it), polled as the journeys do: the
  // outbox row may land a moment after the send answers.
  let code: string | undefined;
  for (const deadline = Date.now() + 20_000; !code && Date.now() < deadline; ) {
    const outbox = await apiCall<{ messages: Array<{ body: string }> }>(
      base,
      'GET',
      `/api/dev/sms-outbox?key=${encodeURIComponent(devKey)}&phone_number=${phone}`,
    );
    code = outbox.messages.map((m) => /\b(\d{6})\b/.exec(m.body)?.[1]).find(Boolean);
    if (!code) await sleep(250);
  }
  if (!code) throw new Error(`no sign-in code for ${phone} in the dev SMS outbox`);
  const res = await fetch(`${base}/api/auth/otp/verify`, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    body: JSON.stringify({ verification_id: sent.verification_id, code }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`POST /api/auth/otp/verify: ${res.status} ${text.slice(0, 300)}`);
  const cookie = res.headers
    .getSetCookie()
    .map((h) => /^ooh_session=([^;]*)/.exec(h)?.[1])
    .find(Boolean);
  if (!cookie) throw new Error(`the sign-in of ${phone} set no session cookie`);
  const verified = JSON.parse(text) as { token: string; phone_number: string };
  await apiCall(
    base,
    'POST',
    '/api/auth/login_with_phone/',
    { phone_number: verified.phone_number },
    verified.token,
  );
  return { token: verified.token, cookie, phone: verified.phone_number };
}
