import type { AppLoadContext } from 'react-router';

/** An API answer a loader renders a page with: its status and parsed JSON body. */
export interface ApiAnswer<T = unknown> {
  status: number;
  body: T;
}

declare module 'react-router' {
  interface AppLoadContext {
    /**
     * GET an API path inside the API's own process (apps/api/src/plugins/web-app.ts: app.inject, so the same
     * validation and catalogue cache as the browser's request), with the page request's Cookie header, so a
     * signed-in page can be rendered with its user's data. With `init`, a form's action POSTs (JSON) or
     * DELETEs on the visitor's behalf (their address, their cookie, their page's origin).
     */
    api?: (
      path: string,
      init?: { method: 'POST' | 'PATCH' | 'DELETE'; body?: unknown },
    ) => Promise<ApiAnswer>;
    /** The Content-Security-Policy nonce of this answer (lib/nonce.ts). */
    nonce?: string;
    /** The site's public origin (the API's PUBLIC_URL setting), for canonical and Open Graph URLs. */
    publicUrl?: string;
  }
}

const env = (globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env ?? {};

/**
 * A loader's API answer: through the serving process when there is one, else (the framework's dev server,
 * `npm run dev`) over HTTP to the API at API_URL, forwarding the request's cookie.
 */
export async function apiAnswer<T>(
  context: AppLoadContext | undefined,
  request: Request,
  path: string,
): Promise<ApiAnswer<T>> {
  if (context?.api) return (await context.api(path)) as ApiAnswer<T>;
  const cookie = request.headers.get('cookie');
  const res = await fetch(`${env.API_URL ?? 'http://localhost:3001'}${path}`, {
    headers: cookie ? { cookie } : {},
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as T };
}

/** A route action's call: POST `body` as JSON to an API path, as `apiAnswer` reads (the same two ways). */
export function apiPost<T>(
  context: AppLoadContext | undefined,
  request: Request,
  path: string,
  body: unknown,
): Promise<ApiAnswer<T>> {
  return apiSend<T>(context, request, 'POST', path, body);
}

/** A route action's change: POST (with a JSON body or none) or DELETE an API path on the visitor's behalf. */
export async function apiSend<T>(
  context: AppLoadContext | undefined,
  request: Request,
  method: 'POST' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<ApiAnswer<T>> {
  if (context?.api) return (await context.api(path, { method, body })) as ApiAnswer<T>;
  const cookie = request.headers.get('cookie');
  const origin = request.headers.get('origin');
  const res = await fetch(`${env.API_URL ?? 'http://localhost:3001'}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(cookie ? { cookie } : {}),
      ...(origin ? { origin } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as T };
}
