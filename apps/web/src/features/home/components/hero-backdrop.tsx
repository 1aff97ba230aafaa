import { Box } from '@mui/material';

/** Deterministic pseudo-random numbers, so the skyline is the same on every render and every visit. */
function rng(seed: number) {
  let s = seed;
  return () => {
    s = (s * 16807) % 2147483647;
    return (s - 1) / 2147483646;
  };
}

interface Tower {
  x: number;
  w: number;
  h: number;
}

function skyline(seed: number, count: number, minH: number, maxH: number): Tower[] {
  const r = rng(seed);
  const towers: Tower[] = [];
  let x = -20;
  for (let i = 0; i < count && x < 1460; i += 1) {
    const w = 40 + Math.round(r() * 70);
    towers.push({ x, w, h: minH + Math.round(r() * (maxH - minH)) });
    x += w + Math.round(r() * 6);
  }
  return towers;
}

const FAR = skyline(7, 40, 120, 300);
const NEAR = skyline(11, 40, 90, 230);
/** Stars in three brightness bands, each band one path: fewer nodes than a circle per star. */
const STAR_BANDS = (() => {
  const r = rng(3);
  const bands = ['', '', ''];
  for (let i = 0; i < 70; i += 1) {
    const x = Math.round(r() * 1440);
    const y = Math.round(r() * 380);
    bands[Math.floor(r() * 3)] += `M${x - 1.3} ${y}a1.3 1.3 0 1 0 2.6 0a1.3 1.3 0 1 0 -2.6 0`;
  }
  return bands;
})();
const GROUND = 720;

/**
 * The home hero's backdrop, drawn in SVG (nothing downloaded): an Indian city at dusk with lit towers, a
 * glowing billboard, a digital screen and a row of lamp posts along the road. Purely decorative.
 */
export function HeroBackdrop() {
  return (
    <Box
      component="svg"
      aria-hidden
      focusable="false"
      viewBox="0 0 1440 800"
      preserveAspectRatio="xMidYMax slice"
      sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', display: 'block' }}
    >
      <defs>
        <linearGradient id="hero-sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#050d26" />
          <stop offset="0.45" stopColor="#10286b" />
          <stop offset="0.72" stopColor="#4b2a7b" />
          <stop offset="0.9" stopColor="#c2410c" />
          <stop offset="1" stopColor="#f59e0b" />
        </linearGradient>
        <radialGradient id="hero-sun" cx="0.74" cy="0.86" r="0.42">
          <stop offset="0" stopColor="#ffb347" stopOpacity="0.85" />
          <stop offset="0.35" stopColor="#ff7a1a" stopOpacity="0.35" />
          <stop offset="1" stopColor="#ff7a1a" stopOpacity="0" />
        </radialGradient>
        <linearGradient id="hero-board" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ff9f1c" />
          <stop offset="0.55" stopColor="#e8710a" />
          <stop offset="1" stopColor="#d6336c" />
        </linearGradient>
        <linearGradient id="hero-screen" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#22d3ee" />
          <stop offset="1" stopColor="#6366f1" />
        </linearGradient>
        <radialGradient id="hero-lamp" cx="0.5" cy="0" r="1">
          <stop offset="0" stopColor="#ffe8a3" stopOpacity="0.55" />
          <stop offset="1" stopColor="#ffe8a3" stopOpacity="0" />
        </radialGradient>
        <pattern id="hero-windows" width="14" height="18" patternUnits="userSpaceOnUse">
          <rect x="3" y="4" width="5" height="7" fill="#ffd27a" opacity="0.55" />
        </pattern>
        <linearGradient id="hero-shade" x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" stopColor="#050d26" stopOpacity="0.85" />
          <stop offset="0.55" stopColor="#050d26" stopOpacity="0.35" />
          <stop offset="1" stopColor="#050d26" stopOpacity="0" />
        </linearGradient>
      </defs>

      <rect width="1440" height="800" fill="url(#hero-sky)" />
      <rect width="1440" height="800" fill="url(#hero-sun)" />
      {STAR_BANDS.map((d, i) => (
        <path key={d.slice(0, 24)} d={d} fill="#fff" opacity={0.35 + i * 0.25} />
      ))}

      <g fill="#231d55" opacity="0.9">
        {FAR.map((t) => (
          <rect key={`f${t.x}`} x={t.x} y={GROUND - 40 - t.h} width={t.w} height={t.h + 40} />
        ))}
      </g>

      {/* Rooftop digital screen */}
      <g transform="translate(1030 236)">
        <rect x="-8" y="-8" width="236" height="136" rx="10" fill="#22d3ee" opacity="0.18" />
        <rect width="220" height="120" rx="6" fill="url(#hero-screen)" />
        <text x="18" y="42" fill="#fff" fontSize="20" fontWeight="800" fontFamily="Inter, sans-serif">
          LIVE NOW
        </text>
        <rect x="18" y="54" width="170" height="8" rx="4" fill="#fff" opacity="0.55" />
        <rect x="18" y="70" width="90" height="28" rx="6" fill="#0b3d91" opacity="0.85" />
        <rect x="60" y="120" width="8" height="40" fill="#141033" />
        <rect x="152" y="120" width="8" height="40" fill="#141033" />
      </g>

      <g fill="#120f33">
        {NEAR.map((t) => (
          <g key={`n${t.x}`}>
            <rect x={t.x} y={GROUND - t.h} width={t.w} height={t.h} />
            <rect
              x={t.x + 4}
              y={GROUND - t.h + 10}
              width={t.w - 8}
              height={t.h - 20}
              fill="url(#hero-windows)"
            />
          </g>
        ))}
      </g>

      {/* Roadside hoarding */}
      <g transform="translate(760 420)">
        <rect x="-14" y="-14" width="388" height="188" rx="12" fill="#ff9f1c" opacity="0.2" />
        <rect width="360" height="160" rx="6" fill="url(#hero-board)" />
        <text x="26" y="58" fill="#fff" fontSize="30" fontWeight="800" fontFamily="Inter, sans-serif">
          YOUR BRAND HERE
        </text>
        <rect x="26" y="72" width="250" height="12" rx="6" fill="#fff" opacity="0.7" />
        <rect x="26" y="96" width="160" height="12" rx="6" fill="#fff" opacity="0.7" />
        <circle cx="300" cy="110" r="30" fill="#fff" opacity="0.25" />
        <rect x="90" y="160" width="12" height="120" fill="#0d0a26" />
        <rect x="258" y="160" width="12" height="120" fill="#0d0a26" />
      </g>

      <rect y={GROUND} width="1440" height={800 - GROUND} fill="#0a0822" />
      <line
        x1="0"
        x2="1440"
        y1={GROUND + 40}
        y2={GROUND + 40}
        stroke="#f5c26b"
        strokeWidth="4"
        strokeDasharray="40 30"
        opacity="0.5"
      />
      <g>
        {[80, 260, 440, 620, 800, 980, 1160, 1340].map((x) => (
          <g key={x} transform={`translate(${x} ${GROUND})`}>
            <path d="M-60 0 L0 -118 L60 0 Z" fill="url(#hero-lamp)" />
            <rect x="-3" y="-130" width="6" height="130" fill="#1d1846" />
            <rect x="-3" y="-132" width="22" height="6" rx="3" fill="#1d1846" />
            <circle cx="17" cy="-124" r="6" fill="#ffe8a3" />
            <rect x="4" y="-112" width="22" height="34" rx="3" fill="#e8710a" opacity="0.9" />
          </g>
        ))}
      </g>

      <rect width="1440" height="800" fill="url(#hero-shade)" />
    </Box>
  );
}
