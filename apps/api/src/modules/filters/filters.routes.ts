import { filterParamsResponseSchema } from '@ooh/shared';
import type { AppInstance } from '../../app-types.ts';
import { filterParams } from './filters.service.ts';

export async function filtersRoutes(app: AppInstance): Promise<void> {
  const schema = {
    tags: ['catalogue'],
    summary: 'The filters GET /product/ understands, with values and ranges from the catalogue',
    response: { 200: filterParamsResponseSchema },
  };
  const handler = async () => ({ filters: await filterParams(app.deps.database.db) });
  const config = { catalogueCache: true };
  app.get('/fetch_filter_params/', { schema, config }, handler);
  app.get('/fetch_filter_params', { schema: { ...schema, hide: true }, config }, handler);
}
