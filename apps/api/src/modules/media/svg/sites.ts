import { escapeHtml } from '@ooh/shared';
/**
 * The media itself, one drawing per kind. Each returns its SVG and the stretch of footpath it occupies, so
 * trees and the city sign stay out of its way.
 */
import type { City } from '../../../db/seed/cities.ts';
import type { Rng } from '../../../db/seed/prng.ts';
import { drawAd, type SampleAd } from './ads.ts';
import { KERB, W } from './backdrop.ts';
import { mix } from './landmarks.ts';
import type { Palette } from './palette.ts';

export interface Drawn {
  svg: string;
  span: [number, number];
  /** Drawn over the traffic (a bus in the near lane) instead of behind it. */
  front?: boolean;
}

export interface SiteContext {
  p: Palette;
  rng: Rng;
  ad: SampleAd;
  city: City;
  /** Centre of the media on the x axis. */
  x: number;
  scene: number;
}

/** Creatives lose some brightness as the light fades, unless lit. */
const shade = (p: Palette, x: number, y: number, w: number, h: number, lit: boolean) =>
  p.light < 1
    ? `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#000" opacity="${((1 - p.light) * (lit ? 0.5 : 1.4)).toFixed(2)}"/>`
    : '';

function glowLamp(p: Palette, x: number, y: number, r: number): string {
  return p.night ? `<circle cx="${x}" cy="${y}" r="${r}" fill="url(#l)"/>` : '';
}

export function lampPost({ p, ad, x }: SiteContext): Drawn {
  // Four banners carry one creative: draw it once and reuse it, which keeps the file small.
  let svg = `<defs><g id="a">${drawAd(ad, 0, 0, 56, 152)}${shade(p, 0, 0, 56, 152, true)}</g></defs>`;
  const poles = [x, x + (x > W / 2 ? -290 : 290)];
  for (const px of poles) {
    const top = 120;
    svg +=
      `<path d="M${px - 6} ${KERB}h12l-3-${KERB - top}h-6z" fill="${p.metal}"/>` +
      `<path d="M${px} ${top + 4}q4-34 58-30" stroke="${p.metal}" stroke-width="6" fill="none"/>` +
      `<path d="M${px + 44} ${top - 32}h36l-6 12h-24z" fill="${p.metal}"/>` +
      `<rect x="${px + 50}" y="${top - 20}" width="24" height="4" fill="${p.night ? '#fff6c0' : '#e8e8e0'}"/>` +
      glowLamp(p, px + 62, top - 14, 46);
    for (const bx of [px - 64, px + 8]) {
      svg +=
        `<rect x="${bx - 2}" y="188" width="60" height="5" fill="${p.metal}"/><rect x="${bx - 2}" y="345" width="60" height="5" fill="${p.metal}"/>` +
        `<use href="#a" x="${bx}" y="193"/>`;
    }
  }
  return { svg, span: [Math.min(...poles) - 70, Math.max(...poles) + 70] };
}

export function hoarding({ p, ad, x }: SiteContext): Drawn {
  const w = 380;
  const h = 190;
  const bx = x - w / 2;
  const by = 130;
  const legs = [x - 110, x + 110];
  let frame = '';
  for (const lx of legs) frame += `M${lx - 8} ${KERB}V${by + h}h16V${KERB}z`;
  let brace = '';
  for (let y = by + h + 10; y < KERB - 20; y += 38)
    brace += `M${legs[0]} ${y}L${legs[1]} ${y + 38}M${legs[1]} ${y}L${legs[0]} ${y + 38}`;
  let lamps = '';
  for (let i = 0; i < 4; i++) {
    const lx = bx + 48 + i * 95;
    lamps += `<path d="M${lx} ${by}v-22h14" stroke="${p.metal}" stroke-width="4" fill="none"/><rect x="${lx + 8}" y="${by - 28}" width="18" height="9" fill="${p.metal}"/>`;
    if (p.night)
      lamps += `<path d="M${lx + 10} ${by - 20}L${lx - 40} ${by + h}H${lx + 70}Z" fill="#fff3c4" opacity=".16"/>`;
  }
  return {
    svg:
      `<path d="${frame}" fill="${p.metal}"/><path d="${brace}" stroke="${p.metal}" stroke-width="4"/>` +
      `<rect x="${bx - 8}" y="${by - 8}" width="${w + 16}" height="${h + 16}" fill="${p.metal}"/>` +
      drawAd(ad, bx, by, w, h) +
      shade(p, bx, by, w, h, true) +
      lamps +
      `<rect x="${bx - 10}" y="${by + h + 8}" width="${w + 20}" height="6" fill="${p.metal}"/>` +
      `<path d="M${bx - 10} ${by + h + 8}v-14h${w + 20}v14" stroke="${p.metal}" stroke-width="2" fill="none"/>`,
    span: [legs[0] - 20, legs[1] + 20],
  };
}

export function bridge({ p, ad, rng }: SiteContext): Drawn {
  const top = 168;
  const face = 62;
  const panelW = 460;
  const px = rng.int(60, W - panelW - 60);
  const concrete = p.concrete;
  let piers = '';
  for (const cx of [130, 400, 670]) {
    piers += `M${cx - 18} ${KERB}V${top + face + 18}h-14l10-18h44l10 18h-14V${KERB}z`;
  }
  let posts = '';
  for (let lx = 60; lx < W; lx += 180) {
    posts += `<path d="M${lx} ${top - 10}v-44q0-8 18-8" stroke="${p.metal}" stroke-width="4" fill="none"/>${glowLamp(p, lx + 20, top - 60, 30)}`;
  }
  const roof = (cx: number, color: string) => `<path d="M${cx} ${top - 8}l12-16h44l12 16z" fill="${color}"/>`;
  return {
    svg:
      `<path d="${piers}" fill="${mix(concrete, '#000000', 0.12)}"/>` +
      `<rect y="${top + face}" width="${W}" height="10" fill="${mix(concrete, '#000000', 0.3)}" opacity=".7"/>` +
      posts +
      roof(rng.int(80, 300), '#c62828') +
      roof(rng.int(420, 680), '#eeeeee') +
      `<rect y="${top - 12}" width="${W}" height="12" fill="${mix(concrete, '#ffffff', 0.15)}"/>` +
      `<rect y="${top}" width="${W}" height="${face}" fill="${concrete}"/>` +
      `<rect x="${px - 6}" y="${top + 4}" width="${panelW + 12}" height="${face - 8}" fill="${p.metal}"/>` +
      drawAd(ad, px, top + 7, panelW, face - 14) +
      shade(p, px, top + 7, panelW, face - 14, false),
    span: [0, 0],
  };
}

export function digitalBillboard({ p, ad, x, rng }: SiteContext): Drawn {
  const w = 340;
  const h = 192;
  const sx = x - w / 2;
  const onBuilding = rng.chance(0.5);
  const sy = onBuilding ? 150 : 128;
  let base: string;
  if (onBuilding) {
    const bw = 400;
    const wall = mix(p.far, p.night ? '#000000' : '#ffffff', 0.2);
    base = `<rect x="${x - bw / 2}" y="100" width="${bw}" height="${KERB - 100}" fill="${wall}"/><rect x="${x - bw / 2}" y="100" width="${bw}" height="${KERB - 100}" fill="url(#w)" opacity=".55"/>`;
  } else {
    base = `<path d="M${x - 16} ${KERB}h32l-4-${KERB - sy - h}h-24z" fill="${p.metal}"/>`;
  }
  const glow = p.night || p.time === 'dusk';
  return {
    svg:
      base +
      (glow
        ? `<ellipse cx="${x}" cy="${sy + h / 2}" rx="${w * 0.75}" ry="${h * 0.8}" fill="${ad.bg}" opacity=".3" filter="url(#b)"/>`
        : '') +
      `<rect x="${sx - 10}" y="${sy - 10}" width="${w + 20}" height="${h + 20}" rx="4" fill="#101114"/>` +
      drawAd(ad, sx, sy, w, h) +
      `<path d="M${sx} ${sy}h${w * 0.45}l-${w * 0.25} ${h}h-${w * 0.2}z" fill="#ffffff" opacity="${glow ? 0.04 : 0.1}"/>` +
      `<circle cx="${sx + w - 4}" cy="${sy + h + 5}" r="2.5" fill="#5cff7a"/>`,
    span: onBuilding ? [x - 210, x + 210] : [x - 40, x + 40],
  };
}

const BUS_COLOURS: Record<string, string> = {
  mumbai: '#c62828',
  delhi: '#2e7d32',
  bengaluru: '#1e5aa8',
  chennai: '#2f5fa8',
  hyderabad: '#b71c1c',
  kolkata: '#1565c0',
  pune: '#e65100',
  kochi: '#c62828',
};

function bus(c: SiteContext): Drawn {
  const { p, ad, city, x } = c;
  const bx = Math.min(W - 470, Math.max(20, x - 225));
  const len = 450;
  const top = 392;
  const body = BUS_COLOURS[city.slug] ?? '#ef6c00';
  const glass = p.night ? '#2b3550' : '#3a4a5c';
  let panes = '';
  for (let wx = bx + 20; wx < bx + len - 90; wx += 58) panes += `M${wx} ${top + 18}h52v40h-52z`;
  return {
    svg:
      `<rect x="${bx}" y="${top}" width="${len}" height="150" rx="14" fill="${body}"/>` +
      `<path d="${panes}" fill="${glass}"/>` +
      `<path d="M${bx + len - 70} ${top + 12}h58q6 0 6 10v58h-64z" fill="${glass}"/>` +
      `<rect x="${bx + len - 140}" y="${top + 66}" width="40" height="78" fill="${mix(body, '#000000', 0.35)}"/>` +
      drawAd(ad, bx + 12, top + 68, len - 160, 64) +
      shade(p, bx + 12, top + 68, len - 160, 64, false) +
      `<text x="${bx + 24}" y="${top + 13}" font-size="11" fill="#ffffff">${escapeHtml(city.bus)}</text>` +
      `<rect x="${bx + len - 66}" y="${top + 16}" width="50" height="16" fill="#111"/>` +
      `<text x="${bx + len - 41}" y="${top + 29}" font-size="12" fill="#ffb300" text-anchor="middle">${100 + (c.scene % 400)}</text>` +
      `<rect x="${bx + len - 16}" y="${top + 112}" width="12" height="10" rx="2" fill="${p.night ? '#fff6c0' : '#eeeeee'}"/>` +
      `<circle cx="${bx + 90}" cy="${top + 150}" r="24" fill="#15161a"/><circle cx="${bx + 90}" cy="${top + 150}" r="9" fill="#9e9e9e"/>` +
      `<circle cx="${bx + len - 80}" cy="${top + 150}" r="24" fill="#15161a"/><circle cx="${bx + len - 80}" cy="${top + 150}" r="9" fill="#9e9e9e"/>` +
      '',
    span: [bx, bx + len],
    front: true,
  };
}

function metro(c: SiteContext): Drawn {
  const { p, ad, x } = c;
  const beam = 352;
  const coach = 232;
  const start = x > W / 2 ? W - 40 - coach * 2 : 40;
  let piers = '';
  for (const cx of [110, 400, 690])
    piers += `M${cx - 16} ${KERB}V${beam + 34}h-16l12-10h40l12 10h-16V${KERB}z`;
  let coaches = '';
  for (let i = 0; i < 2; i++) {
    const cx = start + i * (coach + 6);
    const nose =
      i === 0 ? `<path d="M${cx} ${beam - 2}V${beam - 60}q0-12 12-12h10V${beam - 2}z" fill="#263238"/>` : '';
    let doors = '';
    for (let d = cx + 30; d < cx + coach - 20; d += 58) doors += `M${d} ${beam - 68}h16v26h-16z`;
    coaches +=
      `<rect x="${cx}" y="${beam - 74}" width="${coach}" height="72" rx="10" fill="#e8ecef"/>` +
      `<rect x="${cx + 16}" y="${beam - 66}" width="${coach - 32}" height="20" fill="${p.night ? '#ffe9a8' : '#34495e'}"/>` +
      `<path d="${doors}" fill="#b0bec5"/>` +
      `<rect x="${cx + 12}" y="${beam - 6}" width="${coach - 24}" height="8" fill="#263238"/>` +
      `<use href="#a" x="${cx + 8}" y="${beam - 42}"/>` +
      nose;
  }
  return {
    svg:
      `<defs><g id="a">${drawAd(ad, 0, 0, coach - 16, 34)}${shade(p, 0, 0, coach - 16, 34, false)}</g></defs>` +
      `<path d="${piers}" fill="${mix(p.concrete, '#000000', 0.12)}"/>` +
      `<rect y="${beam}" width="${W}" height="26" fill="${p.concrete}"/><rect y="${beam + 26}" width="${W}" height="8" fill="${mix(p.concrete, '#000000', 0.3)}"/>` +
      `<rect y="${beam - 6}" width="${W}" height="6" fill="${mix(p.concrete, '#ffffff', 0.2)}"/>` +
      coaches,
    span: [0, 0],
  };
}

export function transit(c: SiteContext, style: number): Drawn {
  return style === 1 ? metro(c) : bus(c);
}

export function retail({ p, ad, city, x, scene, rng }: SiteContext): Drawn {
  const bw = 380;
  const bx = Math.min(W - bw - 10, Math.max(10, x - bw / 2));
  const top = 150;
  const [mall] = city.malls[scene % city.malls.length];
  const glass = p.night ? '#f3d48a' : p.time === 'dusk' ? '#7d86b0' : '#8fb8d6';
  let mullions = '';
  for (let mx = bx + 30; mx < bx + bw; mx += 40) mullions += `M${mx} ${top + 50}V${KERB - 60}`;
  for (let my = top + 95; my < KERB - 60; my += 45) mullions += `M${bx + 10} ${my}H${bx + bw - 10}`;
  const standeeX = bx + bw - 95;
  let people = '';
  for (let i = 0; i < 3; i++) {
    const px = bx + 40 + rng.int(0, bw - 200) + i * 25;
    const shirt = rng.pick(['#c62828', '#283593', '#f9a825', '#6a1b9a', '#00897b']);
    people += `<circle cx="${px}" cy="${KERB - 58}" r="7" fill="#4e342e"/><path d="M${px - 9} ${KERB - 4}v-36q0-10 9-10t9 10v36z" fill="${shirt}"/>`;
  }
  return {
    svg:
      `<rect x="${bx}" y="${top}" width="${bw}" height="${KERB - top}" fill="${mix(p.concrete, '#ffffff', 0.25)}"/>` +
      `<rect x="${bx + 10}" y="${top + 50}" width="${bw - 20}" height="${KERB - top - 110}" fill="${glass}"/>` +
      `<path d="${mullions}" stroke="${mix(p.concrete, '#ffffff', 0.35)}" stroke-width="3"/>` +
      `<text x="${bx + bw / 2}" y="${top + 34}" font-size="24" fill="${mix(p.metal, '#000000', 0.2)}" text-anchor="middle">${escapeHtml(mall.toUpperCase())}</text>` +
      `<rect x="${bx + bw / 2 - 70}" y="${KERB - 66}" width="140" height="10" fill="${p.metal}"/>` +
      `<rect x="${bx + bw / 2 - 56}" y="${KERB - 56}" width="112" height="56" fill="${p.night ? '#ffe7a0' : '#2c3e50'}"/>` +
      drawAd(ad, bx + 24, top + 70, 96, 170) +
      shade(p, bx + 24, top + 70, 96, 170, true) +
      people +
      `<path d="M${standeeX + 8} ${KERB}l6-14h44l6 14" stroke="${p.metal}" stroke-width="4" fill="none"/>` +
      `<rect x="${standeeX + 4}" y="${KERB - 168}" width="72" height="156" rx="3" fill="#f5f5f5"/>` +
      drawAd(ad, standeeX + 8, KERB - 164, 64, 148),
    span: [bx, bx + bw],
  };
}
