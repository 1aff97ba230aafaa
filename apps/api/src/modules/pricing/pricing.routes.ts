import {
  errorResponseSchema,
  idParamSchema,
  priceBreakdownSchema,
  priceQuerySchema,
  pricingPackageBodySchema,
  pricingPackageListSchema,
  pricingPackageSchema,
  pricingRuleBodySchema,
  pricingRuleIdParamSchema,
  pricingRuleListSchema,
  pricingRuleSchema,
  productPackageListSchema,
} from '@ooh/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app-types.ts';
import { requireMember } from '../../plugins/auth.ts';
import { createPackage, listPackages, removePackage } from './pricing-packages.service.ts';
import { quoteProduct } from './pricing-quote.service.ts';
import { createRule, listRules, removeRule } from './pricing-rules.service.ts';
import { listSitePackages } from './pricing-site-packages.service.ts';

/** Rate cards and pricing rules (DESIGN section 20, decision 081). */
export async function pricingRoutes(app: AppInstance): Promise<void> {
  const security = [{ bearer: [] }];
  const denied = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };
  // Prices are for admins and managers (docs/product-rules.md section 7); field members are refused.
  const onRead = requireMember(app, { statuses: ['approved', 'suspended'], missing: 403 });
  const onWrite = requireMember(app, { statuses: ['approved'], missing: 403 });

  app.get(
    '/product/:id/price',
    {
      schema: {
        tags: ['catalogue'],
        summary:
          "A live site's price for a range, line by line (rate card, seasons, its owner's volume discount)",
        description:
          '`to_date` is exclusive. The same rules price `/booking/book`; a range the site cannot be booked for answers 400 with the reason as its code (`shorter_than_minimum`, `start_too_soon`, ...).',
        params: idParamSchema,
        querystring: priceQuerySchema,
        response: { 200: priceBreakdownSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) =>
      quoteProduct(app.deps.database.db, app.deps.clock.now(), request.params.id, request.query),
  );

  app.get(
    '/product/:id/packages',
    {
      // The same for everyone; package and rule writes move the cache on (pricing.repository.ts).
      config: { catalogueCache: true },
      schema: {
        tags: ['catalogue'],
        summary:
          "The packages holding a live site that a buyer can still take (its owner's sites for set dates at one price)",
        description:
          "Only the site's owner's packages whose sites are all live and whose dates every site can be booked for. `price` is the package's, before GST; `rate_card_price` what the sites cost for those dates by their rate cards and seasons; `saving` the difference. An order holding every site for exactly these dates is priced as the package.",
        params: idParamSchema,
        response: { 200: productPackageListSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => ({
      results: await listSitePackages(app.deps.database.db, app.deps.clock.now(), request.params.id),
    }),
  );

  app.get(
    '/partner/pricing-rules',
    {
      onRequest: onRead,
      schema: {
        tags: ['partner'],
        summary: "The owner's seasonal and volume pricing rules",
        security,
        response: { 200: pricingRuleListSchema, ...denied },
      },
    },
    async (request) => ({ results: await listRules(app.deps.database.db, request.mediaOwner!.id) }),
  );

  app.post(
    '/partner/pricing-rules',
    {
      onRequest: onWrite,
      schema: {
        tags: ['partner'],
        summary: 'Add a seasonal rule (a percentage on the days of a range) or a volume discount',
        description:
          "Seasonal: `name`, `percent` (e.g. 20 or -12.5), `from_date`, `to_date` (exclusive). Volume: `name`, `percent` (the discount), and either `min_sites` or `min_value` (rupees; the owner's lines worth more than it). Orders already placed keep their prices.",
        security,
        body: pricingRuleBodySchema,
        response: { 201: pricingRuleSchema, 409: errorResponseSchema, ...denied },
      },
    },
    async (request, reply) => {
      const rule = await createRule(
        app.deps.database.db,
        request.mediaOwner!.id,
        request.user!.id,
        request.body,
      );
      return reply.status(201).send(rule);
    },
  );

  app.delete(
    '/partner/pricing-rules/:id',
    {
      onRequest: onWrite,
      schema: {
        tags: ['partner'],
        summary: "Delete one of the owner's pricing rules (another owner's answers 404)",
        security,
        params: pricingRuleIdParamSchema,
        response: { 204: z.null(), 404: errorResponseSchema, ...denied },
      },
    },
    async (request, reply) => {
      await removeRule(app.deps.database.db, request.mediaOwner!.id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/partner/packages',
    {
      onRequest: onRead,
      schema: {
        tags: ['partner'],
        summary: "The owner's packages (a set of its sites for one period at one price)",
        security,
        response: { 200: pricingPackageListSchema, ...denied },
      },
    },
    async (request) => ({ results: await listPackages(app.deps.database.db, request.mediaOwner!.id) }),
  );

  app.post(
    '/partner/packages',
    {
      onRequest: onWrite,
      schema: {
        tags: ['partner'],
        summary:
          'Add a package: two or more of your live sites, `from_date`/`to_date` (exclusive), one price',
        description:
          '`price` in rupees before GST. An order holding every site of the package for exactly its dates pays the package price, split over the lines in proportion to their rate-card prices, without volume discount (decision 090). Orders already placed keep their prices.',
        security,
        body: pricingPackageBodySchema,
        response: { 201: pricingPackageSchema, ...denied },
      },
    },
    async (request, reply) => {
      const deal = await createPackage(
        app.deps.database.db,
        request.mediaOwner!.id,
        request.user!.id,
        request.body,
      );
      return reply.status(201).send(deal);
    },
  );

  app.delete(
    '/partner/packages/:id',
    {
      onRequest: onWrite,
      schema: {
        tags: ['partner'],
        summary: "Withdraw one of the owner's packages (another owner's answers 404)",
        security,
        params: pricingRuleIdParamSchema,
        response: { 204: z.null(), 404: errorResponseSchema, ...denied },
      },
    },
    async (request, reply) => {
      await removePackage(app.deps.database.db, request.mediaOwner!.id, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
