/**
 * The provider's standard campaigns: city bundles and theme bundles picked from the seeded sites. Each
 * names the cities and kinds it wants; when a small catalogue has too few such sites it widens to any kind
 * in those cities, then to any site, so every campaign still has 4 to 12 products.
 */
import type { KindSlug } from '../../modules/media/site-image-url.ts';
import { Rng } from './prng.ts';

export interface SeededSite {
  id: number;
  kind: KindSlug;
  style: number;
  citySlug: string;
  image: string;
}

interface CampaignDef {
  name: string;
  description: string;
  cities: string[];
  kinds: KindSlug[];
  size: [min: number, max: number];
}

export const STANDARD_CAMPAIGNS: CampaignDef[] = [
  {
    name: 'Mumbai Lamp Post Blitz',
    description:
      'Lamp post banner pairs from Nariman Point to Malad: high-frequency, eye-level reach along the Western Express Highway, Linking Road and Marine Drive. Built for launches that need to be seen everywhere in Mumbai within a week.',
    cities: ['mumbai'],
    kinds: ['lamp-post'],
    size: [8, 12],
  },
  {
    name: 'Delhi NCR Metro Movers',
    description:
      'Metro train wraps and bus branding across Delhi, Gurugram and Noida. Follows office commuters from Rajiv Chowk to Cyber City and Sector 18, morning and evening.',
    cities: ['delhi', 'gurugram', 'noida'],
    kinds: ['transit'],
    size: [6, 10],
  },
  {
    name: 'South India Highways',
    description:
      'Big-format hoardings and flyover panels on the arterial roads of Bengaluru, Chennai, Hyderabad, Kochi and Coimbatore. One booking for the four southern states.',
    cities: ['bengaluru', 'chennai', 'hyderabad', 'kochi', 'coimbatore'],
    kinds: ['hoarding', 'bridge'],
    size: [8, 12],
  },
  {
    name: 'Bengaluru Tech Corridor Screens',
    description:
      'Digital screens and hoardings along Outer Ring Road, Whitefield and Electronic City, where the city’s IT workforce spends its commute. Ideal for apps, fintech and gadgets.',
    cities: ['bengaluru'],
    kinds: ['digital-billboard', 'hoarding'],
    size: [5, 9],
  },
  {
    name: 'Hyderabad Flyover Takeover',
    description:
      'Flyover panels and hoardings from HITEC City to Secunderabad. Slow peak-hour traffic gives long dwell times on every panel.',
    cities: ['hyderabad'],
    kinds: ['bridge', 'hoarding'],
    size: [4, 8],
  },
  {
    name: 'Kolkata Pujo Special',
    description:
      'Hoardings and lamp posts around Park Street, Gariahat and Salt Lake, timed for the festive crowds of Durga Puja. Maximum footfall, maximum visibility.',
    cities: ['kolkata'],
    kinds: ['hoarding', 'lamp-post'],
    size: [5, 9],
  },
  {
    name: 'Gujarat Business Belt',
    description:
      'Premium hoardings and screens in Ahmedabad and Surat: S G Highway, C G Road, Ring Road and the diamond and textile markets. Reach the traders and business owners of Gujarat.',
    cities: ['ahmedabad', 'surat'],
    kinds: ['hoarding', 'digital-billboard'],
    size: [5, 10],
  },
  {
    name: 'Maharashtra Mall Hoppers',
    description:
      'Standees and facade banners in the busiest malls of Mumbai and Pune, from Phoenix Palladium to Phoenix Marketcity. Catch shoppers right before they buy.',
    cities: ['mumbai', 'pune'],
    kinds: ['retail'],
    size: [4, 8],
  },
  {
    name: 'Metro Nights Digital',
    description:
      'A network of bright LED billboards across Mumbai, Delhi, Bengaluru and Hyderabad. Switch creatives by daypart and own the evening rush in four metros.',
    cities: ['mumbai', 'delhi', 'bengaluru', 'hyderabad'],
    kinds: ['digital-billboard'],
    size: [6, 12],
  },
  {
    name: 'Chennai Commuter Connect',
    description:
      'MTC bus wraps, metro branding and lamp posts around T Nagar, Guindy and OMR. Daily reach into the commute of Chennai’s office-goers and students.',
    cities: ['chennai'],
    kinds: ['transit', 'lamp-post'],
    size: [4, 8],
  },
  {
    name: 'Pink City Premium',
    description:
      'Hoardings and digital screens in Jaipur’s C-Scheme, MI Road and Malviya Nagar, plus the heritage bazaars near Hawa Mahal. For brands that want locals and tourists alike.',
    cities: ['jaipur'],
    kinds: ['hoarding', 'digital-billboard', 'lamp-post'],
    size: [4, 7],
  },
  {
    name: 'Rising Cities: Lucknow, Indore and Goa',
    description:
      'A value bundle across three fast-growing markets: Hazratganj and Gomti Nagar, Vijay Nagar and Palasia, and the Panaji waterfront. Big reach at tier-2 prices.',
    cities: ['lucknow', 'indore', 'panaji'],
    kinds: ['hoarding', 'digital-billboard', 'lamp-post', 'bridge'],
    size: [6, 10],
  },
];

export interface PlannedCampaign {
  name: string;
  description: string;
  productIds: number[];
  images: string[];
}

/** Picks each campaign's sites deterministically from the seeded ones. */
export function planCampaigns(sites: SeededSite[], seed: number): PlannedCampaign[] {
  const rng = new Rng(seed ^ 0x5eed);
  return STANDARD_CAMPAIGNS.map((def) => {
    const wanted = rng.int(def.size[0], def.size[1]);
    const inCities = sites.filter((s) => def.cities.includes(s.citySlug));
    const tiers = [inCities.filter((s) => def.kinds.includes(s.kind)), inCities, sites];
    const chosen: SeededSite[] = [];
    for (const tier of tiers) {
      for (const site of rng.shuffle(tier)) {
        if (chosen.length >= wanted) break;
        if (!chosen.includes(site)) chosen.push(site);
      }
    }
    chosen.sort((a, b) => a.id - b.id);
    return {
      name: def.name,
      description: def.description,
      productIds: chosen.map((s) => s.id),
      images: chosen.slice(0, 4).map((s) => s.image),
    };
  });
}
