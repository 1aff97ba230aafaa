/**
 * What each kind of media costs, draws and looks like in the catalogue. Prices are rupees per day for a
 * big-metro site (tier 2 cities are cheaper); a kind with several styles (a bus or a metro train) picks the
 * style first, and the site's images show that style.
 */
import type { KindSlug } from '../../modules/media/site-image-url.ts';

/** The catalogue's one lighting vocabulary. */
export type Lighting = 'Front Lit' | 'Back Lit' | 'Non-Lit';

export interface NameParts {
  locality: string;
  road: string;
  landmark: string;
  city: string;
  operator: string;
  line: string;
  mall: string;
}

export interface StyleSpec {
  label: string;
  price: [min: number, max: number, step: number];
  impressions: [min: number, max: number];
  sizes: string[];
  formats: string[];
  lighting: Array<[Lighting, number]>;
  names: Array<(p: NameParts) => string>;
  /** Durations in days the owner sells this at, with weights. */
  durations: Array<[number, number]>;
}

export interface KindSpec {
  slug: KindSlug;
  name: string;
  code: string;
  weight: number;
  styles: StyleSpec[];
}

export const KINDS: KindSpec[] = [
  {
    slug: 'lamp-post',
    name: 'Lamp Post',
    code: 'LP',
    weight: 30,
    styles: [
      {
        label: 'lamp post',
        price: [300, 1500, 50],
        impressions: [15_000, 80_000],
        sizes: ['3 x 5 ft', '2.5 x 4 ft', '4 x 6 ft', '3 x 4 ft'],
        formats: ['Flex', 'Star Flex', 'Vinyl'],
        lighting: [
          ['Non-Lit', 3],
          ['Front Lit', 2],
          ['Back Lit', 1],
        ],
        names: [
          (p) => `${p.road} Lamp Post Pair, ${p.locality}`,
          (p) => `Lamp Post Banners near ${p.landmark}`,
          (p) => `${p.locality} Median Lamp Posts - ${p.road}`,
          (p) => `Pole Kiosk Run, ${p.road}`,
        ],
        durations: [
          [7, 4],
          [14, 3],
          [30, 3],
        ],
      },
    ],
  },
  {
    slug: 'hoarding',
    name: 'Hoarding',
    code: 'HO',
    weight: 22,
    styles: [
      {
        label: 'hoarding',
        price: [3000, 25_000, 500],
        impressions: [50_000, 400_000],
        sizes: ['40 x 20 ft', '30 x 15 ft', '20 x 10 ft', '60 x 20 ft', '50 x 25 ft', '40 x 30 ft'],
        formats: ['Flex', 'Vinyl', 'Backlit Flex'],
        lighting: [
          ['Front Lit', 5],
          ['Back Lit', 2],
          ['Non-Lit', 2],
        ],
        names: [
          (p) => `${p.road} Hoarding, ${p.locality}`,
          (p) => `Landmark Hoarding opposite ${p.landmark}`,
          (p) => `${p.locality} Junction Billboard`,
          (p) => `Rooftop Hoarding facing ${p.road}`,
          (p) => `Unipole at ${p.landmark}`,
        ],
        durations: [
          [14, 3],
          [30, 5],
          [7, 2],
        ],
      },
    ],
  },
  {
    slug: 'bridge',
    name: 'Bridge',
    code: 'BR',
    weight: 11,
    styles: [
      {
        label: 'bridge panel',
        price: [5000, 30_000, 500],
        impressions: [80_000, 500_000],
        sizes: ['60 x 8 ft', '80 x 10 ft', '100 x 12 ft', '50 x 6 ft'],
        formats: ['Flex', 'Vinyl'],
        lighting: [
          ['Front Lit', 4],
          ['Non-Lit', 2],
        ],
        names: [
          (p) => `${p.road} Flyover Panel, ${p.locality}`,
          (p) => `Foot Over Bridge Panel near ${p.landmark}`,
          (p) => `${p.locality} Overpass Banner - ${p.road}`,
        ],
        durations: [
          [14, 2],
          [30, 5],
          [7, 1],
        ],
      },
    ],
  },
  {
    slug: 'digital-billboard',
    name: 'Digital Billboard',
    code: 'DB',
    weight: 13,
    styles: [
      {
        label: 'digital screen',
        price: [8000, 50_000, 500],
        impressions: [100_000, 600_000],
        sizes: ['20 x 10 ft', '30 x 15 ft', '16 x 9 ft', '40 x 20 ft', '48 x 14 ft'],
        formats: ['Digital 1920x1080', 'Digital 3840x2160', 'Digital 1920x960', 'Digital 2560x1080'],
        lighting: [['Back Lit', 1]],
        names: [
          (p) => `LED Screen at ${p.landmark}`,
          (p) => `${p.locality} Digital Billboard, ${p.road}`,
          (p) => `Mega LED Facade - ${p.road}`,
        ],
        durations: [
          [7, 6],
          [14, 2],
          [30, 1],
        ],
      },
    ],
  },
  {
    slug: 'transit',
    name: 'Transit',
    code: 'TR',
    weight: 13,
    styles: [
      {
        label: 'bus',
        price: [1000, 5000, 100],
        impressions: [20_000, 120_000],
        sizes: ['35 x 8 ft', '30 x 6 ft', '12 x 6 ft'],
        formats: ['Vinyl Wrap', 'One Way Vision'],
        lighting: [['Non-Lit', 1]],
        names: [
          (p) => `${p.operator} Bus Wrap - ${p.locality} Route`,
          (p) => `${p.operator} Bus Side Panel via ${p.road}`,
          (p) => `${p.operator} Bus Back Panel, ${p.city}`,
        ],
        durations: [
          [30, 5],
          [14, 2],
        ],
      },
      {
        label: 'metro train',
        price: [6000, 30_000, 500],
        impressions: [150_000, 800_000],
        sizes: ['Full train wrap, 6 coaches', 'Coach wrap 70 x 9 ft', '2 coaches 140 x 9 ft'],
        formats: ['Vinyl Wrap', 'One Way Vision'],
        lighting: [
          ['Non-Lit', 2],
          ['Back Lit', 1],
        ],
        names: [
          (p) => `${p.line} Train Wrap`,
          (p) => `${p.line} Full Train Wrap via ${p.landmark}`,
          (p) => `${p.line} Coach Branding - ${p.locality}`,
        ],
        durations: [
          [30, 6],
          [14, 1],
        ],
      },
    ],
  },
  {
    slug: 'retail',
    name: 'Retail',
    code: 'RT',
    weight: 11,
    styles: [
      {
        label: 'mall standee',
        price: [1500, 8000, 100],
        impressions: [8000, 60_000],
        sizes: ['6 x 3 ft', '4 x 7 ft', '10 x 6 ft', '3 x 6 ft'],
        formats: ['Sunboard', 'Backlit Flex', 'Digital 1080x1920'],
        lighting: [
          ['Back Lit', 3],
          ['Non-Lit', 2],
        ],
        names: [
          (p) => `Atrium Standee - ${p.mall}`,
          (p) => `${p.mall} Entrance Standee`,
          (p) => `Mall Facade Banner, ${p.mall}`,
        ],
        durations: [
          [7, 3],
          [14, 2],
          [30, 2],
        ],
      },
    ],
  },
];

export const KIND_BY_SLUG: ReadonlyMap<KindSlug, KindSpec> = new Map(KINDS.map((k) => [k.slug, k]));
