import {
  campaignFiguresResponseSchema,
  campaignListResponseSchema,
  campaignQuerySchema,
  campaignSchema,
  campaignTypeQuerySchema,
  campaignTypeResponseSchema,
  errorResponseSchema,
  idParamSchema,
} from '@ooh/shared';
import type { AppInstance } from '../../app-types.ts';
import { optionalAuth } from '../../plugins/auth.ts';
import { campaignFigures } from './campaign-figures.service.ts';
import { campaignTypeOf, getStandardCampaign, listStandardCampaigns } from './campaigns.service.ts';

export async function campaignsRoutes(app: AppInstance): Promise<void> {
  const listSchema = {
    tags: ['campaigns'],
    summary: 'Recommended (standard) campaigns, paged',
    querystring: campaignQuerySchema,
    response: { 200: campaignListResponseSchema, 400: errorResponseSchema },
  };
  const cached = { catalogueCache: true };
  app.get('/campaign', { schema: listSchema, config: cached }, async (request) =>
    listStandardCampaigns(app.deps.database.db, app.deps.clock, request.query),
  );
  app.get('/campaign/', { schema: { ...listSchema, hide: true }, config: cached }, async (request) =>
    listStandardCampaigns(app.deps.database.db, app.deps.clock, request.query),
  );

  app.get(
    '/campaign/:id',
    {
      config: cached,
      schema: {
        tags: ['campaigns'],
        summary: 'One standard campaign with its products and totals',
        params: idParamSchema,
        response: { 200: campaignSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => getStandardCampaign(app.deps.database.db, app.deps.clock, request.params.id),
  );

  app.get(
    '/find_campaign_type',
    {
      schema: {
        tags: ['campaigns'],
        summary: 'Whether a campaign is standard or customized',
        querystring: campaignTypeQuerySchema,
        response: { 200: campaignTypeResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => ({ data: await campaignTypeOf(app.deps.database.db, request.query.campaign_id) }),
  );

  app.get(
    '/campaigns/:id/figures',
    {
      preHandler: optionalAuth(app),
      schema: {
        tags: ['campaigns'],
        summary:
          "A campaign's plan figures: impressions (daily x days per line), CPM (cost before GST / " +
          'impressions x 1,000) and reach and frequency ESTIMATES of docs/audience-model.md. A standard ' +
          "campaign: anyone; a customized one: its owner (others' ids answer 404).",
        security: [{ bearer: [] }, {}],
        params: idParamSchema,
        response: {
          200: campaignFiguresResponseSchema,
          400: errorResponseSchema,
          // optionalAuth: a token sent but expired or revoked is a 401, as on /booking/validate.
          401: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => ({
      data: await campaignFigures(app.deps.database.db, app.deps.clock, request.params.id, request.user?.id),
    }),
  );
}
