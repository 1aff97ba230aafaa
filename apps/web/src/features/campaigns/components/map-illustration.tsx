import { Box } from '@mui/material';
import { useMemo } from 'react';

/** A small deterministic generator, so a place always gets the same drawing. */
function seeded(text: string): () => number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    h ^= h >>> 16;
    return (h >>> 0) / 4294967296;
  };
}

export interface MapIllustrationProps {
  /** Seeds the drawing and names the image: "Andheri West, Mumbai". */
  place: string;
  /** Numbered pins to draw (one per site); at least one. */
  pins?: number;
  height?: number;
}

const W = 640;
const H = 360;

/**
 * A map-style picture drawn in SVG: streets, blocks, a river and pins. The product never loads map tiles
 * from a third party (no runtime downloads), so this stands in for the SPEC's map image.
 */
export function MapIllustration({ place, pins = 1, height = 260 }: MapIllustrationProps) {
  const drawing = useMemo(() => {
    const rand = seeded(place);
    const vertical = Array.from({ length: 5 }, (_, i) => (i + 0.5 + (rand() - 0.5) * 0.6) * (W / 5));
    const horizontal = Array.from({ length: 3 }, (_, i) => (i + 0.5 + (rand() - 0.5) * 0.6) * (H / 3));
    const riverY = H * (0.2 + rand() * 0.6);
    const parks = Array.from({ length: 3 }, () => ({
      x: rand() * (W - 120),
      y: rand() * (H - 80),
      w: 60 + rand() * 60,
      h: 40 + rand() * 40,
    }));
    const count = Math.max(1, Math.min(pins, 12));
    // Pins stay inside the middle of the drawing, which survives the cropping of "slice" at any aspect ratio.
    const points = Array.from({ length: count }, () => ({
      x: 90 + rand() * (W - 180),
      y: 85 + rand() * (H - 160),
    }));
    return { vertical, horizontal, riverY, parks, points };
  }, [place, pins]);

  return (
    <Box
      component="svg"
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-label={`Map of ${place}${pins > 1 ? ` with ${pins} sites marked` : ''}`}
      preserveAspectRatio="xMidYMid slice"
      sx={{ display: 'block', width: '100%', height, borderRadius: 2, bgcolor: '#eef1e6' }}
    >
      <title>{`Map of ${place}`}</title>
      {drawing.parks.map((p) => (
        <rect key={`${p.x}-${p.y}`} x={p.x} y={p.y} width={p.w} height={p.h} rx={10} fill="#cfe5c0" />
      ))}
      <path
        d={`M0 ${drawing.riverY} C ${W * 0.3} ${drawing.riverY - 50}, ${W * 0.6} ${drawing.riverY + 60}, ${W} ${drawing.riverY - 10}`}
        stroke="#a9d3f0"
        strokeWidth={22}
        fill="none"
      />
      {drawing.vertical.map((x) => (
        <line key={`v${x}`} x1={x} y1={0} x2={x + 30} y2={H} stroke="#ffffff" strokeWidth={9} />
      ))}
      {drawing.horizontal.map((y) => (
        <line key={`h${y}`} x1={0} y1={y} x2={W} y2={y - 20} stroke="#ffffff" strokeWidth={9} />
      ))}
      <line x1={0} y1={H * 0.9} x2={W} y2={H * 0.15} stroke="#f7d58b" strokeWidth={12} />
      {drawing.points.map((pt, i) => (
        <g key={`pin-${pt.x}-${pt.y}`} transform={`translate(${pt.x} ${pt.y})`}>
          <path
            d="M0 0 C -14 -20, -14 -36, 0 -36 C 14 -36, 14 -20, 0 0 Z"
            fill="#c62828"
            stroke="#7f1010"
            strokeWidth={1.5}
          />
          <text x={0} y={-20} textAnchor="middle" fontSize={13} fontWeight={700} fill="#fff">
            {pins > 1 ? i + 1 : ''}
          </text>
          {pins > 1 ? null : <circle cx={0} cy={-24} r={5} fill="#fff" />}
        </g>
      ))}
    </Box>
  );
}
