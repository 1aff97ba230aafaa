/**
 * Where to go after sign-in when /verify-mobile?redirect= is present: "/" followed by the value (SPEC
 * section 2). A leading slash is not doubled, and leading slashes or backslashes are dropped so the
 * target can never become a protocol-relative address to another site ("//evil.example").
 */
export function redirectTarget(value: string): string {
  return `/${value.trim().replace(/^[/\\]+/, '')}`;
}

/**
 * The sign-in page that comes back to `here` (a path with its query) once signed in. Slashes stay as they are,
 * so the address reads as the product spec writes it (`/verify-mobile?redirect=/profile`); a query's `?`, `=`
 * and `&` are escaped, so the way back stays one parameter.
 */
export const signInPath = (here: string): string =>
  `/verify-mobile?redirect=${encodeURIComponent(here).replaceAll('%2F', '/')}`;
