import { escapeHtml } from '@ooh/shared';
/**
 * Everything around the media: sky, sun or moon, skyline, street, trees, traffic and the city sign.
 * The canvas is 800 x 600; the skyline stands on y = 400, the footpath runs to 448, the road to 560.
 */
import type { Rng } from '../../../db/seed/prng.ts';
import { mix } from './landmarks.ts';
import type { Palette } from './palette.ts';

export const W = 800;
export const H = 600;
export const HORIZON = 400;
export const KERB = 448;
export const ROAD_BOTTOM = 560;

/** Gradients and the window pattern the rest of the scene refers to. */
export function defs(p: Palette): string {
  const dim = p.night ? mix(p.far, '#000000', 0.3) : mix(p.far, '#ffffff', 0.15);
  return (
    `<defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.skyTop}"/>` +
    `<stop offset="1" stop-color="${p.skyBottom}"/></linearGradient>` +
    `<pattern id="w" width="24" height="18" patternUnits="userSpaceOnUse"><rect width="24" height="18" fill="${p.far}"/>` +
    `<rect x="4" y="5" width="6" height="8" fill="${p.farWindow}"/><rect x="14" y="5" width="6" height="8" fill="${dim}"/></pattern>` +
    `<radialGradient id="l"><stop offset="0" stop-color="#fff3c4" stop-opacity=".9"/><stop offset="1" stop-color="#fff3c4" stop-opacity="0"/></radialGradient></defs>`
  );
}

export function sky(p: Palette, rng: Rng): string {
  let out = `<rect width="${W}" height="${H}" fill="url(#s)"/>`;
  if (p.time === 'night') {
    let d = '';
    for (let i = 0; i < 18; i++) d += `M${rng.int(0, W)} ${rng.int(10, 260)}h2v2h-2z`;
    out += `<path d="${d}" fill="#ffffff" opacity=".8"/>`;
  }
  const { x, y, r, fill } = p.orb;
  out += `<circle cx="${x}" cy="${y}" r="${r * 1.8}" fill="${fill}" opacity=".25"/><circle cx="${x}" cy="${y}" r="${r}" fill="${fill}"/>`;
  return out;
}

/** A row of distant buildings with a window pattern, lower where the landmark stands so it shows. */
export function skyline(rng: Rng, landmarkX: number): string {
  let d = '';
  let x = -10;
  while (x < W) {
    const w = rng.int(28, 72);
    const near = Math.abs(x + w / 2 - landmarkX) < 150;
    const h = near ? rng.int(25, 60) : rng.int(50, 165);
    d += `M${x} ${HORIZON}v-${h}h${w}v${h}z`;
    if (!near && rng.chance(0.3)) {
      const mast = rng.int(10, 24);
      d += `M${x + w / 2 - 2} ${HORIZON - h}v-${mast}h4v${mast}z`;
    }
    x += w + rng.int(-6, 4);
  }
  return `<path d="${d}" fill="url(#w)"/>`;
}

export function haze(p: Palette): string {
  return `<rect y="330" width="${W}" height="${HORIZON - 330}" fill="${p.haze}" opacity=".28"/>`;
}

export function street(p: Palette): string {
  let dashes = '';
  for (let x = 10; x < W; x += 90) dashes += `M${x} 503h46v5h-46z`;
  return (
    `<rect y="${HORIZON}" width="${W}" height="${H - HORIZON}" fill="${p.ground}"/>` +
    `<rect y="418" width="${W}" height="${KERB - 418}" fill="${p.footpath}"/>` +
    `<rect y="${KERB - 3}" width="${W}" height="6" fill="${mix(p.footpath, '#ffffff', 0.35)}"/>` +
    `<rect y="${KERB + 3}" width="${W}" height="${ROAD_BOTTOM - KERB - 3}" fill="${p.road}"/>` +
    `<path d="${dashes}" fill="${p.lane}"/>` +
    `<rect y="${ROAD_BOTTOM}" width="${W}" height="8" fill="${mix(p.footpath, '#ffffff', 0.3)}"/>` +
    `<rect y="${ROAD_BOTTOM + 8}" width="${W}" height="${H - ROAD_BOTTOM - 8}" fill="${p.footpath}"/>`
  );
}

/** Round street trees on the footpath, kept clear of the media's own footprint. */
export function trees(p: Palette, rng: Rng, avoid: Array<[number, number]>): string {
  const leaf = p.night ? '#16261c' : p.time === 'dusk' ? '#2f4a34' : '#3f7a3c';
  const leaf2 = p.night ? '#1c3024' : p.time === 'dusk' ? '#3a5a3e' : '#559a4a';
  let out = '';
  for (let x = rng.int(20, 60); x < W; x += rng.int(110, 190)) {
    if (avoid.some(([a, b]) => x > a - 40 && x < b + 40)) continue;
    const h = rng.int(50, 80);
    out +=
      `<rect x="${x - 3}" y="${430 - h}" width="6" height="${h}" fill="#5a4332"/>` +
      `<circle cx="${x}" cy="${430 - h}" r="${h * 0.45}" fill="${leaf}"/>` +
      `<circle cx="${x + h * 0.22}" cy="${430 - h * 1.15}" r="${h * 0.32}" fill="${leaf2}"/>`;
  }
  return out;
}

const CAR_COLOURS = ['#d32f2f', '#fafafa', '#1e88e5', '#37474f', '#fdd835', '#8e24aa', '#9e9e9e', '#2e7d32'];

/** One car or auto-rickshaw, its left end at x, wheels on y. */
function vehicle(p: Palette, rng: Rng, x: number, y: number, facingLeft: boolean): string {
  const auto = rng.chance(0.3);
  const body = auto ? '#1b5e20' : rng.pick(CAR_COLOURS);
  const wheel = `fill="#15161a"`;
  const lamps = p.night
    ? `<rect x="${facingLeft ? x - 2 : x + (auto ? 72 : 92)}" y="${y - 22}" width="6" height="5" fill="#fff6c0"/>`
    : '';
  if (auto) {
    // Three-wheeler: yellow canvas canopy over a green body, open side, one front wheel.
    return (
      `<path d="M${x + 4} ${y - 20}V${y - 46}Q${x + 4} ${y - 60} ${x + 22} ${y - 60}H${x + 54}Q${x + 62} ${y - 58} ${x + 64} ${y - 44}L${x + 66} ${y - 20}Z" fill="#fdd835"/>` +
      `<path d="M${x + 14} ${y - 24}V${y - 46}H${x + 44}V${y - 24}Z" fill="#2b2b2b"/>` +
      `<path d="M${x} ${y - 8}V${y - 24}H${x + 70}Q${x + 76} ${y - 22} ${x + 76} ${y - 8}Z" fill="${body}"/>` +
      `<circle cx="${x + 14}" cy="${y - 6}" r="7" ${wheel}/><circle cx="${x + 62}" cy="${y - 6}" r="7" ${wheel}/>${lamps}`
    );
  }
  const cab = facingLeft ? x + 22 : x + 26;
  return (
    `<path d="M${x} ${y - 10}V${y - 26}Q${x} ${y - 30} ${x + 8} ${y - 31}L${cab} ${y - 46}H${cab + 40}L${cab + 56} ${y - 31}Q${x + 98} ${y - 30} ${x + 98} ${y - 22}V${y - 10}Z" fill="${body}"/>` +
    `<path d="M${cab + 4} ${y - 32}L${cab + 8} ${y - 42}H${cab + 36}L${cab + 46} ${y - 32}Z" fill="${p.night ? '#2a3350' : '#9fc3dc'}"/>` +
    `<circle cx="${x + 22}" cy="${y - 8}" r="9" ${wheel}/><circle cx="${x + 76}" cy="${y - 8}" r="9" ${wheel}/>${lamps}`
  );
}

/** Two to four vehicles in the two carriageways, leaving `skip` (e.g. where a bus stands) empty. */
export function traffic(p: Palette, rng: Rng, skip?: [number, number]): string {
  let out = '';
  const lanes: Array<[number, boolean]> = [
    [495, true],
    [550, false],
  ];
  for (const [y, left] of lanes) {
    let x = rng.int(-40, 120);
    while (x < W) {
      if (!skip || x + 100 < skip[0] || x > skip[1] || y < 520) out += vehicle(p, rng, x, y, left);
      x += rng.int(230, 420);
    }
  }
  return out;
}

/** The small green direction sign with the city name, on its own post. */
export function citySign(p: Palette, city: string, x: number): string {
  const label = escapeHtml(city.toUpperCase());
  const w = Math.max(96, label.length * 11 + 28);
  const bx = Math.round(x - w / 2);
  return (
    `<rect x="${x - 3}" y="360" width="6" height="${KERB - 360}" fill="${p.metal}"/>` +
    `<rect x="${bx}" y="330" width="${w}" height="40" rx="5" fill="#0b6b3a" stroke="#ffffff" stroke-width="2.5"/>` +
    `<text x="${x}" y="357" font-size="17" fill="#ffffff" text-anchor="middle">${label}</text>`
  );
}
