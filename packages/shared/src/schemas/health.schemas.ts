import { z } from 'zod';

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  version: z.string(),
});

/** GET /api/health/live and /api/health/ready when they pass (DESIGN 21); a failing one is the error shape. */
export const probeResponseSchema = z.object({
  status: z.literal('ok'),
});
