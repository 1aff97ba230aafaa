/**
 * POST /api/auth/logout: the server ends the session, so every tab of this browser is signed out at its
 * next call, and the cookies go. `keepalive` lets the call finish while the page moves on; a failure
 * (offline) leaves the session to its idle limit, and this browser forgets it either way.
 */
export async function endSession(): Promise<void> {
  try {
    await fetch('/api/auth/logout', {
      method: 'POST',
      headers: { accept: 'application/json' },
      credentials: 'same-origin',
      keepalive: true,
    });
  } catch {
    // Offline: see above.
  }
}
