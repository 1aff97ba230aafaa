/**
 * POST /api/auth/logout: the server refuses this token from now on, so a copy of it (another tab, a
 * shared computer's history) is worthless after Logout. Fire and forget: the session in this browser is
 * cleared either way, `keepalive` lets the call finish while the page moves on, and the token is passed
 * in because session storage is cleared right after the call starts.
 */
export function revokeToken(token: string): void {
  fetch('/api/auth/logout', {
    method: 'POST',
    headers: { accept: 'application/json', authorization: `Bearer ${token}` },
    keepalive: true,
  }).catch(() => {
    // Offline or already expired: the token dies within the hour anyway.
  });
}
