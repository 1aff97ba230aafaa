/**
 * Landmark silhouettes drawn in the middle distance so a picture reads as "that city": each is drawn around
 * x = 0 with its base at y = 0 and placed with a translate/scale.
 */
import type { Landmark } from '../../../db/seed/cities.ts';
import type { Palette } from './palette.ts';

const g = (x: number, y: number, s: number, body: string) =>
  `<g transform="translate(${x} ${y}) scale(${s})">${body}</g>`;

/** Mixes two #rrggbb colours: t = 0 gives a, 1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const pa = Number.parseInt(a.slice(1), 16);
  const pb = Number.parseInt(b.slice(1), 16);
  const ch = (shift: number) => {
    const va = (pa >> shift) & 255;
    const vb = (pb >> shift) & 255;
    return Math.round(va + (vb - va) * t);
  };
  return `#${((1 << 24) | (ch(16) << 16) | (ch(8) << 8) | ch(0)).toString(16).slice(1)}`;
}

/** Stone, sandstone and whitewash show in daylight; at night everything is a silhouette. */
function tint(p: Palette, color: string): string {
  return p.night ? mix(p.landmark, color, 0.22) : mix(p.landmark, color, p.time === 'day' ? 0.62 : 0.45);
}

function cantilever(stroke: string): string {
  const top = (x: number) => {
    const ax = Math.abs(x);
    return ax >= 120 ? -170 + ((ax - 120) / 130) * 130 : -90 - ((ax - 40) / 80) * 80 * (ax > 40 ? 1 : 0);
  };
  let d = 'M-250 -40L-120 -170L-40 -90H40L120 -170L250 -40M-260 -40H260';
  for (let x = -240; x < 240; x += 20) {
    d += `M${x} -40V${Math.round(top(x))}L${x + 20} -40`;
  }
  return `<path d="${d}" stroke="${stroke}" stroke-width="4" fill="none"/><path d="M-132 -36L-122 -178H-118L-108 -36ZM108 -36L118 -178H122L132 -36Z" fill="${stroke}"/>`;
}

function seaLink(p: Palette, fill: string): string {
  let cables = '';
  for (let x = -250; x <= 250; x += 25) if (x !== 0) cables += `M0 ${x < 0 ? -180 : -176}L${x} -44`;
  return (
    `<rect x="-330" y="-36" width="660" height="36" fill="${p.haze}" opacity=".6"/>` +
    `<path d="${cables}" stroke="${fill}" stroke-width="1.5"/>` +
    `<path d="M-22 -36L-5 -205H5L22 -36H13L0 -150L-13 -36ZM-330 -48H330V-38H-330Z" fill="${fill}"/>`
  );
}

function fishingNets(p: Palette, fill: string): string {
  const net = (x: number, flip: number) =>
    `<path d="M${x} 0L${x + 40 * flip} -110M${x + 40 * flip} -110L${x + 110 * flip} -60M${x + 40 * flip} -110L${x - 10 * flip} -95M${x + 75 * flip} -88Q${x + 110 * flip} -40 ${x + 140 * flip} -55" stroke="${fill}" stroke-width="3" fill="none"/><path d="M${x + 75 * flip} -88Q${x + 105 * flip} -35 ${x + 140 * flip} -55L${x + 110 * flip} -60Z" fill="${fill}" opacity=".5"/>`;
  return `<rect x="-220" y="-22" width="440" height="22" fill="${p.haze}" opacity=".7"/>${net(-160, 1)}${net(20, 1)}${net(160, -1)}`;
}

export function drawLandmark(kind: Landmark, p: Palette, x: number, y: number, s: number): string {
  const f = p.landmark;
  switch (kind) {
    case 'india-gate':
      return g(
        x,
        y,
        s,
        `<path fill="${tint(p, '#c9a27a')}" fill-rule="evenodd" d="M-55 0V-140H55V0H25V-70A25 25 0 0 0-25-70V0ZM-62-152H62V-140H-62ZM-40-168H40V-152H-40ZM-12-168A12 12 0 0 1 12-168Z"/>`,
      );
    case 'gateway':
      return g(
        x,
        y,
        s,
        `<path fill="${tint(p, '#d8b98d')}" fill-rule="evenodd" d="M-85 0V-95H85V0H30V-55A30 30 0 0 0-30-55V0ZM-32-95Q0-130 32-95ZM-86-120h16v25h-16zM-48-112h14v17h-14zM34-112h14v17h-14zM70-120h16v25h-16z"/><circle cx="-78" cy="-122" r="9" fill="${tint(p, '#d8b98d')}"/><circle cx="78" cy="-122" r="9" fill="${tint(p, '#d8b98d')}"/>`,
      );
    case 'charminar': {
      const c = tint(p, '#d9c3a0');
      const minaret = (m: number) =>
        `<path d="M${m} 0V-188h12V0ZM${m - 4}-140h20v5h-20zM${m - 4}-165h20v5h-20z"/><circle cx="${m + 6}" cy="-192" r="8"/>`;
      return g(
        x,
        y,
        s,
        `<g fill="${c}"><path fill-rule="evenodd" d="M-50 0V-125H50V0H28V-55A28 28 0 0 0-28-55V0Z"/>${minaret(-62)}${minaret(50)}<circle cx="0" cy="-128" r="14"/></g>`,
      );
    }
    case 'dome': {
      const c = tint(p, '#e8e0cf');
      return g(
        x,
        y,
        s,
        `<path fill="${c}" d="M-120 0V-60H-60V-85H60V-60H120V0ZM-30-85V-105H30V-85ZM-34-105A34 40 0 0 1 34-105ZM-2-140h4v-25h-4ZM-112-60A14 14 0 0 1-84-60ZM84-60A14 14 0 0 1 112-60Z"/>`,
      );
    }
    case 'gopuram': {
      const c = tint(p, '#c98b5a');
      return g(
        x,
        y,
        s,
        `<path fill="${c}" fill-rule="evenodd" d="M-60 0H60L56-35H50L47-65H41L38-95H32L29-125H23L20-150Q0-175-20-150L-23-125H-29L-32-95H-38L-41-65H-47L-50-35H-56ZM-12 0V-40H12V0ZM-14-160h4v-14h-4zM-2-166h4v-14h-4zM10-160h4v-14h-4z"/>`,
      );
    }
    case 'cantilever':
      return g(x, y, s, cantilever(f));
    case 'hawa-mahal': {
      const c = tint(p, '#e0836a');
      // The rows of little domed windows: round-capped zero-length dashes along each tier's top edge.
      const rows = 'M-92-40H92M-77-80H77M-57-115H57M-37-145H37M-17-170H17';
      return g(
        x,
        y,
        s,
        `<path fill="${c}" d="M-100 0V-40H-85V-80H-65V-115H-45V-145H-25V-170H25V-145H45V-115H65V-80H85V-40H100V0Z"/><path d="${rows}" stroke="${c}" stroke-width="12" stroke-linecap="round" stroke-dasharray="0 16"/>`,
      );
    }
    case 'towers': {
      const c = tint(p, '#7fa7c9');
      const lines = p.night ? '#ffd36b' : '#ffffff';
      return g(
        x,
        y,
        s,
        `<path fill="${c}" d="M-110 0V-150L-60-170V0ZM-55 0V-240L-5-225V0ZM0 0V-200H45L60-185V0ZM65 0V-130H110V0Z"/><path d="M-100-140V0M-85-145V0M-70-150V0M-45-225V0M-30-228V0M-15-226V0M10-195V0M25-195V0M40-195V0M75-125V0M90-125V0" stroke="${lines}" opacity=".35" stroke-width="2"/>`,
      );
    }
    case 'church': {
      const c = tint(p, '#f4f1e8');
      return g(
        x,
        y,
        s,
        `<path fill="${c}" fill-rule="evenodd" d="M-75 0V-135H-40V-110H40V-135H75V0ZM-40-110L0-150L40-110ZM-67-135A10 10 0 0 1-48-135ZM48-135A10 10 0 0 1 67-135ZM-2-150V-178H2V-150ZM-9-168H9V-164H-9ZM-14 0V-40A14 14 0 0 1 14-40V0Z"/>`,
      );
    }
    case 'fishing-nets':
      return g(x, y, s, fishingNets(p, f));
    case 'minarets': {
      const c = tint(p, '#cdb58e');
      const m = (mx: number) =>
        `M${mx - 7} 0L${mx - 5}-180H${mx + 5}L${mx + 7} 0ZM${mx - 10}-70h20v5h-20zM${mx - 9}-120h18v5h-18zM${mx - 8}-165h16v4h-16z`;
      return g(
        x,
        y,
        s,
        `<path fill="${c}" fill-rule="evenodd" d="${m(-50)}${m(50)}M-43 0V-60H43V0H18V-30A18 18 0 0 0-18-30V0Z"/>`,
      );
    }
    case 'fort': {
      const c = tint(p, '#b98a5c');
      let cren = '';
      for (let cx = -146; cx < 150; cx += 12) cren += `M${cx} -70h6v-8h-6z`;
      return g(
        x,
        y,
        s,
        `<path fill="${c}" fill-rule="evenodd" d="M-150 0V-70H150V0ZM-170 0V-85A20 20 0 0 1-130-85V0ZM130 0V-85A20 20 0 0 1 170-85V0ZM-28 0V-105H28V0H14V-35A14 14 0 0 0-14-35V0Z${cren}"/>`,
      );
    }
    case 'sea-link':
      return g(x, y, s, seaLink(p, f));
    case 'hills':
      return '';
  }
}

/** Two ridges of hills behind the skyline (Western Ghats, Aravallis, Goa's hills). */
export function drawHills(p: Palette, seedShift: number): string {
  const far = mix(p.landmark, p.skyBottom, 0.6);
  const near = mix(p.landmark, p.skyBottom, 0.4);
  const a = 250 + (seedShift % 50);
  return (
    `<path fill="${far}" d="M0 400V${a}Q120 ${a - 50} 240 ${a + 10}T480 ${a - 25}T800 ${a + 5}V400Z"/>` +
    `<path fill="${near}" d="M0 400V${a + 70}Q160 ${a + 20} 330 ${a + 75}T800 ${a + 50}V400Z"/>`
  );
}
