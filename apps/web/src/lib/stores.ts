import {
  type AudienceSource,
  type Campaign,
  type CampaignProductEntry,
  type CampaignType,
  campaignTitle,
  DEFAULT_CAMPAIGN_NAME,
} from '@ooh/shared';
import { createLocalStore } from './local-store';

/** Browser storage exactly as docs/product-spec.md section 3 names it. */
export interface CustomizedCampaignDraft {
  name: string;
  /** Sorted by product id. */
  products: CampaignProductEntry[];
}

/** A campaign as kept in campaignData and in the cart. */
export interface StoredCampaign {
  id: number;
  type: CampaignType;
  name: string;
  images?: string[];
  description?: string;
  total_locations?: number;
  impressions?: number;
  /** Where the daily impressions come from (decision 080); absent in carts kept before it. */
  audience_sources?: AudienceSource[];
  price?: number;
  products: CampaignProductEntry[];
}

export const emptyCustomizedCampaign = (): CustomizedCampaignDraft => ({
  name: DEFAULT_CAMPAIGN_NAME,
  products: [],
});

/** Empty = no products and the default name (docs/product-spec.md section 3). */
export const isCampaignEmpty = (c: CustomizedCampaignDraft) =>
  c.products.length === 0 && (c.name === DEFAULT_CAMPAIGN_NAME || c.name.trim() === '');

export const customizedCampaignStore = createLocalStore<CustomizedCampaignDraft>(
  'customizedCampaign',
  emptyCustomizedCampaign,
);
/** The dates chosen on /customize, kept for the tab's session so they survive visiting a site and coming back. */
export interface ChosenDates {
  from_date: string | null;
  to_date: string | null;
}
export const customizeDatesStore = createLocalStore<ChosenDates>(
  'customizeDates',
  () => ({ from_date: null, to_date: null }),
  () => sessionStorage,
);

export const campaignDataStore = createLocalStore<StoredCampaign[]>('campaignData', () => []);
export const cartStore = createLocalStore<StoredCampaign[]>('cart', () => []);

/** A campaign from the API as the stores keep it. */
export function toStoredCampaign(c: Campaign): StoredCampaign {
  return {
    id: c.id,
    type: c.type,
    name: campaignTitle(c.name),
    images: c.images,
    description: c.description,
    total_locations: c.total_locations,
    impressions: c.impressions,
    audience_sources: c.audience_sources,
    price: c.price,
    products: c.products,
  };
}
