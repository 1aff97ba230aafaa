import {
  campaignDataResponseSchema,
  campaignSchema,
  createCustomizedCampaignBodySchema,
  errorResponseSchema,
  IDEMPOTENCY_HEADER,
  idempotencyHeadersSchema,
  idParamSchema,
  saveCampaignBodySchema,
  savedCampaignsResponseSchema,
} from '@ooh/shared';
import type { AppInstance } from '../../app-types.ts';
import { requireAuth } from '../../plugins/auth.ts';
import {
  createCustomizedCampaign,
  getCustomizedCampaign,
  listSavedCampaigns,
  saveCampaign,
} from './customized-campaigns.service.ts';

/** The docs/product-spec.md section 7 calls for campaigns a user builds and saves. All need the bearer token. */
export async function customizedCampaignsRoutes(app: AppInstance): Promise<void> {
  const auth = requireAuth(app);
  const security = [{ bearer: [] }];
  const tags = ['customized campaigns'];

  app.post(
    '/create_customized_campaign/',
    {
      onRequest: auth,
      schema: {
        tags,
        summary: 'Create a customized campaign of the caller from sites (numeric ids), dates optional',
        description:
          'A blank name becomes "Untitled Campaign"; the same site twice is kept once. With an ' +
          'Idempotency-Key header a repeat of the call answers the campaign the first one created.',
        security,
        headers: idempotencyHeadersSchema,
        body: createCustomizedCampaignBodySchema,
        response: {
          200: campaignDataResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request) => ({
      data: await createCustomizedCampaign(
        app.deps,
        request.user!,
        request.body,
        request.headers[IDEMPOTENCY_HEADER],
      ),
    }),
  );

  app.post(
    '/save_campaign/',
    {
      onRequest: auth,
      schema: {
        tags,
        summary: 'Save dates for every site of a campaign',
        description:
          "The caller's customized campaign is updated and marked saved; a standard campaign becomes the " +
          "caller's saved copy (a new customized campaign, returned). Someone else's campaign answers 404. " +
          'With an Idempotency-Key header a repeat answers the first save.',
        security,
        headers: idempotencyHeadersSchema,
        body: saveCampaignBodySchema,
        response: {
          200: campaignDataResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request) => ({
      data: await saveCampaign(app.deps, request.user!, request.body, request.headers[IDEMPOTENCY_HEADER]),
    }),
  );

  const oneSchema = {
    tags,
    summary: 'One customized campaign of the caller',
    security,
    params: idParamSchema,
    response: {
      200: campaignSchema,
      400: errorResponseSchema,
      401: errorResponseSchema,
      404: errorResponseSchema,
    },
  };
  app.get('/customized_campaign/:id/', { onRequest: auth, schema: oneSchema }, async (request) =>
    getCustomizedCampaign(app.deps, request.user!, request.params.id),
  );
  // Without the trailing slash the same answer rather than a 404.
  app.get(
    '/customized_campaign/:id',
    { onRequest: auth, schema: { ...oneSchema, hide: true } },
    async (request) => getCustomizedCampaign(app.deps, request.user!, request.params.id),
  );

  app.get(
    '/saved_campaigns/',
    {
      onRequest: auth,
      schema: {
        tags,
        summary: "The caller's saved campaigns, most recently saved first",
        security,
        response: { 200: savedCampaignsResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => ({ data: await listSavedCampaigns(app.deps, request.user!) }),
  );
}
