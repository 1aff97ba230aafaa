import type { AppLoadContext } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ApiAnswer } from './server-api';
import { signedInLoad } from './signed-in-loader';

/** A page request as the browser sends it, with or without the signed-in hint beside the session cookie. */
const request = (path: string, signedIn: boolean) =>
  new Request(`http://localhost${path}`, {
    headers: signedIn ? { cookie: 'ooh_session=abc; ooh_signed_in=1' } : { cookie: 'other=1' },
  });

/** The serving process's API as loaders see it: each path answers what the table says, and asks are kept. */
function api(answers: Record<string, ApiAnswer>) {
  const asked: string[] = [];
  const context = {
    api: async (path: string) => {
      asked.push(path);
      return answers[path] ?? { status: 404, body: { error: 'Not found' } };
    },
  } as AppLoadContext;
  return { context, asked };
}

/** The sign-in address a thrown redirect points to, or null when nothing was thrown. */
async function redirectedTo(load: Promise<unknown>): Promise<string | null> {
  try {
    await load;
    return null;
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return thrown.headers.get('location');
  }
}

describe('signedInLoad', () => {
  it('sends a request without the signed-in hint to sign in and back, path and query kept, asking nothing', async () => {
    const { context, asked } = api({});
    const to = await redirectedTo(
      signedInLoad({ request: request('/my-orders?tab=ongoing', false), context }, [
        '/api/booked_campaigns/',
      ]),
    );
    expect(to).toBe('/verify-mobile?redirect=/my-orders%3Ftab%3Dongoing');
    expect(asked).toEqual([]);
  });

  it('sends a session the server ended (any 401) to sign in', async () => {
    const { context } = api({
      '/api/auth/user/': { status: 200, body: { data: [] } },
      '/api/auth/sessions': { status: 401, body: { error: 'Session expired' } },
    });
    const to = await redirectedTo(
      signedInLoad({ request: request('/profile', true), context }, [
        '/api/auth/user/',
        '/api/auth/sessions',
      ]),
    );
    expect(to).toBe('/verify-mobile?redirect=/profile');
  });

  it('answers each 200 body in order, and null for any other answer so the page asks from the browser', async () => {
    const { context, asked } = api({ '/api/me/roles': { status: 200, body: { data: { operator: false } } } });
    const answers = await signedInLoad<[{ data: unknown }, unknown]>(
      { request: request('/partner', true), context },
      ['/api/me/roles', '/api/orders/9'],
    );
    expect(answers).toEqual([{ data: { operator: false } }, null]);
    expect(asked).toEqual(['/api/me/roles', '/api/orders/9']);
  });
});
