import {
  campaignListResponseSchema,
  campaignQuerySchema,
  campaignSchema,
  campaignTypeQuerySchema,
  campaignTypeResponseSchema,
  errorResponseSchema,
  idParamSchema,
} from '@ooh/shared';
import type { AppInstance } from '../../app-types.ts';
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
}
