import { PAGE_SIZE_MAX, type PartnerSitePage, type PricingPackage, type PricingRuleList } from '@ooh/shared';
import { apiQueryOptions } from '../../../../lib/api-query';

/** GET /api/partner/pricing-rules: the owner's seasonal rules and volume discounts (admins, managers). */
export const pricingRulesQuery = () =>
  apiQueryOptions<PricingRuleList>(['partner', 'pricing-rules'], { path: '/partner/pricing-rules' });

/** GET /api/partner/packages: the owner's packages (decision 090). */
export const pricingPackagesQuery = () =>
  apiQueryOptions<{ results: PricingPackage[] }>(['partner', 'packages'], { path: '/partner/packages' });

/**
 * The owner's sites to choose from (a season's sites, a package's), a page of the most a page holds;
 * `search` narrows it for an owner with more (a plain GET form on the page, so it works before scripts).
 */
export const pricingSitesQuery = (search: string) =>
  apiQueryOptions<PartnerSitePage>(['partner', 'pricing-sites', search], {
    path: '/partner/sites',
    query: { page_size: PAGE_SIZE_MAX, ...(search ? { search } : {}) },
  });
