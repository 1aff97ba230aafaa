import { z } from 'zod';

/** A signed-in session as its owner sees it (GET /api/auth/sessions): never the cookie's token. */
export const sessionSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  last_seen_at: z.string(),
  /** When it ends unless used again (idle limit), capped by the absolute limit. */
  expires_at: z.string(),
  /** "Chrome on Android": a summary of the browser, not its full user-agent string. */
  device: z.string(),
  ip: z.string(),
  /** The session this request came with. */
  current: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;

export const sessionListResponseSchema = z.object({ data: z.array(sessionSchema) });
export type SessionListResponse = z.infer<typeof sessionListResponseSchema>;

/** DELETE /api/auth/sessions/{id}: the id from the list. */
export const sessionIdParamSchema = z.object({ id: z.uuid('Not a session id') });

/** Every DELETE of sessions answers how many it ended. */
export const sessionsEndedResponseSchema = z.object({ data: z.object({ ended: z.number().int() }) });
export type SessionsEndedResponse = z.infer<typeof sessionsEndedResponseSchema>;
