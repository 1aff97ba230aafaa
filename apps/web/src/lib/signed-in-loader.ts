import { type LoaderFunctionArgs, redirect } from 'react-router';
import { signInPath } from './auth/redirect-target';
import { apiAnswer } from './server-api';
import { hasSessionHint } from './session';

/**
 * What a signed-in page's loader asks the API for, on the server, with the page request's session cookie
 * (lib/server-api.ts), so the user's own data is in the HTML. Without the signed-in hint, or when the API
 * answers 401 (the session ended), the answer is the sign-in page that comes back to this address, query
 * included (docs/product-spec.md section 8). Any other answer than 200 is `null`: the page then asks from the
 * browser and says what went wrong there (not found, try again).
 */
export async function signedInLoad<T extends readonly unknown[]>(
  { request, context }: Pick<LoaderFunctionArgs, 'request' | 'context'>,
  paths: { [K in keyof T]: string },
): Promise<{ [K in keyof T]: T[K] | null }> {
  const url = new URL(request.url);
  const signIn = signInPath(`${url.pathname}${url.search}`);
  if (!hasSessionHint(request.headers.get('cookie'))) throw redirect(signIn);
  const answers = await Promise.all(paths.map((path) => apiAnswer<unknown>(context, request, path)));
  if (answers.some((answer) => answer.status === 401)) throw redirect(signIn);
  return answers.map((answer) => (answer.status === 200 ? answer.body : null)) as {
    [K in keyof T]: T[K] | null;
  };
}
