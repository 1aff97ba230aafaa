/**
 * Description building blocks. A description is an opening about the site and its place, a sentence about
 * who passes by, and sometimes a closing about what the site is good for, so 300 sites read differently.
 */
import type { KindSlug } from '../../modules/media/site-image-url.ts';
import type { Audience } from './cities.ts';
import type { Rng } from './prng.ts';

export interface TextParts {
  locality: string;
  road: string;
  landmark: string;
  city: string;
  size: string;
  lighting: string;
  operator: string;
  line: string;
  mall: string;
  style: string;
}

type Template = (p: TextParts) => string;

/** "Jubilee Hills'" but "Worli's". */
const possessive = (name: string) => (name.endsWith('s') ? `${name}'` : `${name}'s`);

const OPENINGS: Record<KindSlug, Template[]> = {
  'lamp-post': [
    (p) => `A run of double-sided ${p.size} lamp post banners along ${p.road} in ${p.locality}, ${p.city}.`,
    (p) =>
      `Median lamp posts on ${p.road} carry your message at eye level for every vehicle heading towards ${p.landmark}.`,
    (p) => `Paired lamp post panels line the stretch of ${p.road} near ${p.landmark} in ${p.locality}.`,
    (p) => `Repeated ${p.size} pole kiosks on ${p.road} give a brand frequency that a single board cannot.`,
  ],
  hoarding: [
    (p) => `A ${p.size} hoarding commanding the approach to ${p.landmark} on ${p.road}, ${p.locality}.`,
    (p) =>
      `This ${p.size} billboard faces oncoming traffic at one of ${possessive(p.locality)} busiest junctions on ${p.road}.`,
    (p) =>
      `A tall ${p.lighting.toLowerCase()} hoarding on ${p.road} with a clear, unobstructed view from over 200 metres.`,
    (p) => `A ${p.size} hoarding overlooking ${p.road}, a short walk from ${p.landmark}.`,
  ],
  bridge: [
    (p) => `A ${p.size} panel running along the flyover on ${p.road} in ${p.locality}.`,
    (p) =>
      `Foot over bridge branding near ${p.landmark}, seen head-on by traffic in both directions on ${p.road}.`,
    (p) => `The overpass panel on ${p.road} sits right where traffic slows down before ${p.landmark}.`,
  ],
  'digital-billboard': [
    (p) =>
      `A bright ${p.size} LED screen at ${p.landmark}, ${p.locality}, running 10-second spots in a loop.`,
    (p) => `Full-motion digital billboard on ${p.road} that can switch creatives by daypart.`,
    (p) =>
      `High-brightness LED facade facing ${p.road} in ${p.locality}, readable even in the afternoon sun.`,
  ],
  transit: [
    (p) =>
      `${p.operator} buses on routes through ${p.locality} and ${p.road} carry this ${p.size} wrap across ${p.city}.`,
    (p) =>
      `Branding on ${p.line} trains that cross ${p.city} from end to end, passing ${p.landmark} every few minutes.`,
  ],
  retail: [
    (p) => `A ${p.size} standee in the atrium of ${p.mall}, ${p.locality}, right on the main walkway.`,
    (p) => `Entrance standee at ${p.mall} in ${p.locality}, ${p.city}, placed where shoppers queue to enter.`,
    (p) => `Facade banner at ${p.mall} facing the drop-off bay and the parking ramp.`,
  ],
};

const AUDIENCES: Record<Audience, Template[]> = {
  business: [
    (p) => `It reaches office-goers and senior professionals heading into ${p.locality} every weekday.`,
    () => 'Corporate decision makers pass it twice a day on their commute.',
    (p) => `Expect banking, consulting and startup crowds from the offices around ${p.landmark}.`,
  ],
  shopping: [
    (p) =>
      `Shoppers and families crowd ${p.locality} from late morning to late night, with peaks at weekends.`,
    () => 'Weekend footfall is heavy, making it a strong pick for retail, fashion and food brands.',
    (p) => `It catches shoppers on their way to ${p.landmark}, when buying decisions are being made.`,
  ],
  tech: [
    (p) => `The audience is young IT professionals travelling to the tech parks of ${p.locality}.`,
    () => 'Tech workers with high disposable income see it on the way to work and back.',
    (p) => `Ideal for apps, fintech and consumer electronics aimed at the ${p.locality} workforce.`,
  ],
  commuter: [
    (p) => `Daily commuters through ${p.locality} see it in slow-moving peak-hour traffic.`,
    (p) => `Bus, rail and metro passengers around ${p.landmark} give it steady footfall all day.`,
    () => 'Heavy two-wheeler and auto traffic means long dwell time at the signal.',
  ],
  leisure: [
    (p) => `${p.locality} draws young crowds, diners and tourists, especially in the evenings.`,
    () => 'A favourite hangout area: footfall peaks after 6 pm and through the weekend.',
    (p) => `Visitors to ${p.landmark} make it a strong spot for lifestyle and entertainment brands.`,
  ],
  residential: [
    (p) => `It speaks to families and homemakers in ${p.locality}, close to schools and markets.`,
    () => 'Residents pass it on the school run and evening errands, day after day.',
    (p) => `A neighbourhood site near ${p.landmark} with loyal, repeat local traffic.`,
  ],
  heritage: [
    (p) => `Tourists and local traders around ${p.landmark} keep the area busy from morning to night.`,
    (p) => `The old-city bazaars of ${p.locality} bring dense, slow pedestrian traffic.`,
  ],
};

const CLOSINGS: Template[] = [
  () => 'Printing and mounting are handled by the site owner.',
  (p) =>
    p.lighting === 'Non-Lit' ? 'Best value for daytime visibility.' : 'Illuminated from dusk until midnight.',
  () => 'Great for product launches and festive-season promotions.',
  () => 'Monthly photo proof of display is included.',
  (p) => `One of the most requested ${p.style} sites in ${p.city}.`,
];

/** Two or three sentences: opening, audience, and sometimes a closing. */
export function describe(
  rng: Rng,
  kind: KindSlug,
  styleIndex: number,
  audience: Audience,
  p: TextParts,
): string {
  const openings = OPENINGS[kind];
  // Transit openings are per style (bus, then metro); the other kinds pick freely.
  const opening = kind === 'transit' ? openings[styleIndex] : rng.pick(openings);
  const sentences = [opening(p), rng.pick(AUDIENCES[audience])(p)];
  if (rng.chance(0.6)) sentences.push(rng.pick(CLOSINGS)(p));
  return sentences.join(' ');
}
