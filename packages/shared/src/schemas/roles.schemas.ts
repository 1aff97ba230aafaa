import { z } from 'zod';
import { MEDIA_OWNER_STATUSES } from './partner.schemas.ts';
import { MEMBER_ROLES } from './partner-team.schemas.ts';

/**
 * GET /api/me/roles: what the signed-in user may open besides the buyer's pages (docs/product-rules.md section 7).
 * The header's user menu and the rooms ask it; the server still checks every call on its own.
 */
export const rolesSchema = z.object({
  operator: z.boolean(),
  media_owner: z
    .object({
      id: z.number().int(),
      company_name: z.string(),
      status: z.enum(MEDIA_OWNER_STATUSES),
      /** The user's role in the owner's team (decision 046): the console shows what the role may do. */
      role: z.enum(MEMBER_ROLES),
    })
    .nullable(),
});
export type Roles = z.infer<typeof rolesSchema>;
export const rolesResponseSchema = z.object({ data: rolesSchema });
export type RolesResponse = z.infer<typeof rolesResponseSchema>;
