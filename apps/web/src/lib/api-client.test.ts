import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  apiRequest,
  setReauthenticateHandler,
  setUnauthorizedHandler,
  withSignInAgain,
} from './api-client';
import { forgetSessionHere, isSignedIn } from './session';

type Reply = { status: number; body: unknown };
let replies: Reply[];
const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => {
  const reply = replies.shift();
  if (!reply) throw new TypeError('no reply');
  return new Response(JSON.stringify(reply.body), { status: reply.status });
});
const expired = {
  status: 401,
  body: { error: { code: 'unauthorized', message: 'Your session has expired.' } },
};
const signedInHint = () => {
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API; the app reads document.cookie
  document.cookie = 'ooh_signed_in=1; Path=/';
};

let leftForSignIn: ReturnType<typeof vi.fn<() => void>>;
beforeEach(() => {
  replies = [];
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
  leftForSignIn = vi.fn<() => void>();
  setUnauthorizedHandler(leftForSignIn);
});
afterEach(() => {
  setReauthenticateHandler(null);
  forgetSessionHere();
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API; the app reads document.cookie
  document.cookie = 'ooh_signed_in=; Path=/; Max-Age=0';
  vi.unstubAllGlobals();
});

describe('apiRequest with cookie sessions (docs/decisions/042)', () => {
  it('sends the session cookie (same-origin) and never an Authorization header', async () => {
    signedInHint();
    replies = [{ status: 200, body: { ok: true } }];
    await apiRequest('/auth/user/');
    const init = fetchMock.mock.calls[0][1] as RequestInit;
    expect(init.credentials).toBe('same-origin');
    expect(Object.keys(init.headers as Record<string, string>)).not.toContain('authorization');
  });

  it('a state-changing call that meets an ended session opens one sign-in dialog and is sent again', async () => {
    signedInHint();
    const dialog = vi.fn(async () => true);
    setReauthenticateHandler(dialog);
    replies = [expired, expired, { status: 200, body: { n: 1 } }, { status: 200, body: { n: 2 } }];
    const both = await Promise.all([
      apiRequest<{ n: number }>('/auth/update_user_by_phone/', { method: 'PATCH', body: { a: 1 } }),
      apiRequest<{ n: number }>('/save_campaign/', { method: 'POST', body: { b: 2 }, idempotencyKey: 'k1' }),
    ]);
    expect(both.map((r) => r.n).sort()).toEqual([1, 2]);
    expect(dialog).toHaveBeenCalledTimes(1);
    expect(leftForSignIn).not.toHaveBeenCalled();
    // The retry is the same call: same body, same idempotency key.
    const retried = fetchMock.mock.calls.slice(2).map(([, init]) => init as RequestInit);
    expect(retried.map((i) => i.body).sort()).toEqual(['{"a":1}', '{"b":2}']);
    const saved = retried.find((i) => i.body === '{"b":2}')!;
    expect((saved.headers as Record<string, string>)['idempotency-key']).toBe('k1');
  });

  it('another tab signed out (the shared hint cookie is gone): a save here still asks to sign in again', async () => {
    const dialog = vi.fn(async () => true);
    setReauthenticateHandler(dialog);
    signedInHint();
    expect(isSignedIn()).toBe(true);
    await Promise.resolve();
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API; the app reads document.cookie
    document.cookie = 'ooh_signed_in=; Path=/; Max-Age=0';
    replies = [expired, { status: 200, body: { ok: true } }];
    await expect(
      apiRequest('/auth/update_user_by_phone/', { method: 'PATCH', body: { first_name: 'Meera' } }),
    ).resolves.toEqual({ ok: true });
    expect(dialog).toHaveBeenCalledTimes(1);
    expect(leftForSignIn).not.toHaveBeenCalled();
    expect(fetchMock.mock.calls[1][1]?.body).toBe('{"first_name":"Meera"}');
  });

  it('stays on the page with the 401 when the dialog is cancelled', async () => {
    signedInHint();
    setReauthenticateHandler(async () => false);
    replies = [expired];
    await expect(
      apiRequest('/auth/update_user_by_phone/', { method: 'PATCH', body: {} }),
    ).rejects.toMatchObject({
      status: 401,
    });
    expect(leftForSignIn).not.toHaveBeenCalled();
  });

  it('a read, or a call of someone not signed in, goes to sign-in as the product spec says', async () => {
    setReauthenticateHandler(async () => true);
    signedInHint();
    replies = [expired];
    await expect(apiRequest('/booked_campaigns/')).rejects.toBeInstanceOf(ApiError);
    expect(leftForSignIn).toHaveBeenCalledTimes(1);
    expect(isSignedIn()).toBe(false);
    replies = [expired];
    await expect(apiRequest('/booking/book', { method: 'POST', body: {} })).rejects.toBeInstanceOf(ApiError);
    expect(leftForSignIn).toHaveBeenCalledTimes(2);
  });

  it('an upload refused for an ended session is sent again after the dialog; signed out, the 401 stands', async () => {
    const refused = new ApiError(401, 'unauthorized', 'Your session has expired.');
    const upload = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(refused)
      .mockResolvedValueOnce('uploaded');
    const dialog = vi.fn(async () => true);
    setReauthenticateHandler(dialog);
    signedInHint();
    await expect(withSignInAgain(upload)).resolves.toBe('uploaded');
    expect([upload.mock.calls.length, dialog.mock.calls.length]).toEqual([2, 1]);

    // This tab signs out: an upload's 401 after that is a signed-out person's.
    forgetSessionHere();
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API; the app reads document.cookie
    document.cookie = 'ooh_signed_in=; Path=/; Max-Age=0';
    const again = vi.fn<() => Promise<string>>().mockRejectedValue(refused);
    await expect(withSignInAgain(again)).rejects.toBe(refused);
    expect(dialog).toHaveBeenCalledTimes(1);
  });
});
