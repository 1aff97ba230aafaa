import { clearSession, readToken } from './session';

/** A failed call, carrying the API's error shape (DESIGN.md section 4). */
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
  window.location.assign(`/verify-mobile?redirect=${encodeURIComponent(here)}`);
};

/** The router installs a navigate-based handler so a 401 does not reload the page. */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  /** Leave false for calls whose 401 the caller handles itself (the sign-in calls). */
  redirectOn401?: boolean;
  /** Sent as Idempotency-Key: a repeat with the same key answers the first call's result. */
  idempotencyKey?: string;
}

/** JSON both ways with the bearer token when signed in; any other 401 goes to /verify-mobile (SPEC section 8). */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const url = `/api${path}${toQueryString(options.query)}`;
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = readToken();
  if (token) headers.authorization = `Bearer ${token.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  let response: Response;
  try {
    response = await fetch(url, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
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
    if (response.status === 401 && options.redirectOn401 !== false) {
      clearSession();
      onUnauthorized();
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

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
