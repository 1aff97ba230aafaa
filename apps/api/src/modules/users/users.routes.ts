import {
  errorResponseSchema,
  loginWithPhoneBodySchema,
  loginWithPhoneResponseSchema,
  userListResponseSchema,
  userUpdateBodySchema,
  userUpdateResponseSchema,
} from '@ooh/shared';
import type { AppInstance } from '../../app-types.ts';
import { requireAuth } from '../../plugins/auth.ts';
import { getCurrentUser, loginWithPhone, updateCurrentUser } from './users.service.ts';

/** The docs/product-spec.md section 7 user calls, with the shapes of docs/product-rules.md section 4. All need the bearer token. */
export async function usersRoutes(app: AppInstance): Promise<void> {
  const auth = requireAuth(app);
  const security = [{ bearer: [] }];

  app.post(
    '/auth/login_with_phone/',
    {
      onRequest: auth,
      schema: {
        tags: ['auth'],
        summary: 'Register (first time) or fetch the signed-in user',
        security,
        body: loginWithPhoneBodySchema,
        response: { 200: loginWithPhoneResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request) => ({
      payload: await loginWithPhone(app.deps, request.user!, request.body.phone_number),
    }),
  );

  app.get(
    '/auth/user/',
    {
      onRequest: auth,
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user, as the only item of data',
        security,
        response: { 200: userListResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => ({ data: [await getCurrentUser(app.deps, request.user!)] }),
  );

  app.patch(
    '/auth/update_user_by_phone/',
    {
      onRequest: auth,
      schema: {
        tags: ['auth'],
        summary: "Update the signed-in user's profile (phone_number must be their own)",
        security,
        body: userUpdateBodySchema,
        response: {
          200: userUpdateResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => ({ data: await updateCurrentUser(app.deps, request.user!, request.body) }),
  );
}
