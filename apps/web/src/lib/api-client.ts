import { signInPath } from './auth/redirect-target';
import { clearSession, forgetSessionHere, hadSessionHere } from './session';

/** A failed call, carrying the API's error shape (docs/product-rules.md section 4). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export type Query = Record<string, string | number | boolean | null | undefined | Array<string | number>>;

export function toQueryString(query?: Query): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

let onUnauthorized: () => void = () => {
  const here = window.location.pathname + window.location.search;
  window.location.assign(signInPath(here));
};

/** The router installs a navigate-based handler so a 401 does not reload the page. */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

/**
 * Asks the person to sign in again where they are (the sign-in dialog); resolves true once they have.
 * Installed by the dialog; while none is, a 401 goes to /verify-mobile as always.
 */
let reauthenticate: (() => Promise<boolean>) | null = null;
let reauthenticating: Promise<boolean> | null = null;

export function setReauthenticateHandler(handler: (() => Promise<boolean>) | null): void {
  reauthenticate = handler;
}

/** One dialog for every call that failed at once; each retries after it. */
function signInAgain(): Promise<boolean> {
  if (!reauthenticate) return Promise.resolve(false);
  reauthenticating ??= reauthenticate().finally(() => {
    reauthenticating = null;
  });
  return reauthenticating;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  /** Leave false for calls whose 401 the caller handles itself (the sign-in calls). */
  redirectOn401?: boolean;
  /**
   * A state-changing call that answers 401 after the person had been signed in opens the sign-in dialog
   * and is sent again once they are back (whatever redirectOn401 says). False for the sign-in calls.
   */
  signInAgain?: boolean;
  /** Sent as Idempotency-Key: a repeat with the same key answers the first call's result. */
  idempotencyKey?: string;
}

/**
 * What a 401 means for a call (docs/decisions/042). A state-changing call of someone who had been signed
 * in here (a form being sent; also when another tab signed out and took the shared hint cookie with it,
 * lib/session.ts hadSessionHere) must not lose the page: the sign-in dialog opens in place and the call is sent
 * again once they are back. Any other 401 goes to /verify-mobile?redirect= (docs/product-spec.md section 8).
 */
async function afterUnauthorized(options: RequestOptions, hadSession: boolean): Promise<'retry' | 'stay'> {
  const method = options.method ?? 'GET';
  if (method !== 'GET' && hadSession && reauthenticate && options.signInAgain !== false) {
    return (await signInAgain()) ? 'retry' : 'stay';
  }
  if (options.redirectOn401 !== false) {
    // Sent to sign in: from here on a 401 is a signed-out person's.
    forgetSessionHere();
    clearSession();
    onUnauthorized();
  }
  return 'stay';
}

/**
 * JSON both ways. The session travels as the browser's HttpOnly cookie (same-origin only); the app never
 * holds a token. A 401 is handled by afterUnauthorized.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const url = `/api${path}${toQueryString(options.query)}`;
  const headers: Record<string, string> = { accept: 'application/json' };
  const hadSession = hadSessionHere();
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  let response: Response;
  try {
    response = await fetch(url, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(
      0,
      'network_error',
      'We could not reach the server. Check your connection and try again.',
    );
  }
  const text = await response.text();
  const data = text ? safeJson(text) : null;
  if (!response.ok) {
    const error = (
      data as { error?: { code?: string; message?: string; fields?: Record<string, string> } } | null
    )?.error;
    if (response.status === 401) {
      const next = await afterUnauthorized(options, hadSession);
      // Signed in again: the same call once more (same idempotency key, so never twice in effect).
      if (next === 'retry') return apiRequest<T>(path, { ...options, signInAgain: false });
    }
    const retryAfter = Number(response.headers.get('retry-after'));
    throw new ApiError(
      response.status,
      error?.code ?? 'http_error',
      error?.message ?? `Request failed (${response.status}).`,
      error?.fields,
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
    );
  }
  return data as T;
}

/**
 * For the uploads made with XMLHttpRequest (fetch reports no upload progress): a 401 after the person
 * had been signed in opens the sign-in dialog, and the upload is sent again once they are back; the
 * file they chose is kept (docs/decisions/042).
 */
export async function withSignInAgain<T>(send: () => Promise<T>): Promise<T> {
  const hadSession = hadSessionHere();
  try {
    return await send();
  } catch (err) {
    const ended = err instanceof ApiError && err.status === 401 && hadSession && reauthenticate !== null;
    if (ended && (await signInAgain())) return send();
    throw err;
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
