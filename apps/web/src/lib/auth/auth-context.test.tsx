import { act } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_HINT_COOKIE, USER_DETAILS_KEY } from '../session';
import { AuthProvider, useAuth } from './auth-context';

function Who() {
  return <p>{useAuth().isAuthenticated ? 'signed in' : 'signed out'}</p>;
}

const app = (
  <AuthProvider signedInOnServer={false}>
    <Who />
  </AuthProvider>
);

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  sessionStorage.clear();
  // biome-ignore lint/suspicious/noDocumentCookie: the test sets and clears the hint as the server does
  document.cookie = `${SESSION_HINT_COOKIE}=; Path=/; Max-Age=0`;
  vi.unstubAllGlobals();
});

describe('the session as the page hydrates', () => {
  it('keeps a sign-in that landed after the server rendered the page signed out', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(app);
    document.body.append(container);
    expect(container.textContent).toBe('signed out');
    // Signed in meanwhile (another tab, a restored session): the hint cookie and the cached profile.
    // biome-ignore lint/suspicious/noDocumentCookie: the test sets the hint as the server does
    document.cookie = `${SESSION_HINT_COOKIE}=1; Path=/`;
    sessionStorage.setItem(
      USER_DETAILS_KEY,
      JSON.stringify({ userData: { payload: { phone_number: '9876543210' } } }),
    );
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ data: [] }), { status: 200 })),
    );
    await act(async () => {
      root = hydrateRoot(container, app);
    });
    expect(document.cookie).toContain(`${SESSION_HINT_COOKIE}=1`);
    expect(sessionStorage.getItem(USER_DETAILS_KEY)).not.toBeNull();
    expect(container.textContent).toBe('signed in');
  });
});
