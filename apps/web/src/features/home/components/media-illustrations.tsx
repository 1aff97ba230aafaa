import { Box } from '@mui/material';
import type { ReactNode } from 'react';

/** Small drawn scenes for the "Customize Your Own Campaigns" cards (decorative, nothing downloaded). */
function Scene({ sky, children }: { sky: [string, string]; children: ReactNode }) {
  const id = `sky-${sky[0].slice(1)}-${sky[1].slice(1)}`;
  return (
    <Box
      component="svg"
      aria-hidden
      focusable="false"
      viewBox="0 0 320 200"
      preserveAspectRatio="xMidYMid slice"
      sx={{ width: '100%', aspectRatio: '16 / 10', display: 'block' }}
    >
      <defs>
        <linearGradient id={id} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={sky[0]} />
          <stop offset="1" stopColor={sky[1]} />
        </linearGradient>
      </defs>
      <rect width="320" height="200" fill={`url(#${id})`} />
      {children}
    </Box>
  );
}

export function DigitalBillboardScene() {
  return (
    <Scene sky={['#0b1d4f', '#3b2a7a']}>
      <g fill="#1a1446">
        <rect x="0" y="110" width="50" height="90" />
        <rect x="52" y="80" width="40" height="120" />
        <rect x="250" y="95" width="70" height="105" />
      </g>
      <rect x="96" y="38" width="150" height="92" rx="6" fill="#22d3ee" opacity="0.25" />
      <rect x="102" y="44" width="138" height="80" rx="4" fill="#0ea5e9" />
      <rect x="102" y="44" width="138" height="80" rx="4" fill="#6366f1" opacity="0.55" />
      <rect x="116" y="60" width="70" height="10" rx="5" fill="#fff" />
      <rect x="116" y="78" width="100" height="7" rx="3.5" fill="#fff" opacity="0.7" />
      <rect x="116" y="96" width="44" height="16" rx="4" fill="#f59e0b" />
      <rect x="164" y="124" width="10" height="76" fill="#0d0a26" />
      <rect y="186" width="320" height="14" fill="#0d0a26" />
    </Scene>
  );
}

export function LampPostScene() {
  return (
    <Scene sky={['#1e3a8a', '#f59e0b']}>
      <circle cx="250" cy="150" r="40" fill="#fde68a" opacity="0.6" />
      <rect y="176" width="320" height="24" fill="#1f2937" />
      <rect y="186" width="320" height="3" fill="#fbbf24" opacity="0.6" />
      {[60, 160, 260].map((x) => (
        <g key={x} transform={`translate(${x} 176)`}>
          <path d="M-36 0 L0 -118 L36 0 Z" fill="#fff7cc" opacity="0.22" />
          <rect x="-3" y="-130" width="6" height="130" fill="#111827" />
          <rect x="-3" y="-132" width="20" height="5" rx="2.5" fill="#111827" />
          <circle cx="15" cy="-124" r="5" fill="#fff7cc" />
          <rect x="4" y="-108" width="22" height="40" rx="3" fill="#e8710a" />
          <rect x="-26" y="-108" width="22" height="40" rx="3" fill="#0b3d91" />
        </g>
      ))}
    </Scene>
  );
}

export function BridgeScene() {
  return (
    <Scene sky={['#0f766e', '#99f6e4']}>
      <rect y="150" width="320" height="50" fill="#0e7490" />
      <path d="M0 170 Q80 160 160 170 T320 170" stroke="#67e8f9" strokeWidth="2" fill="none" opacity="0.6" />
      <rect y="104" width="320" height="16" fill="#1f2937" />
      {[40, 120, 200, 280].map((x) => (
        <rect key={x} x={x - 5} y="120" width="10" height="60" fill="#374151" />
      ))}
      <rect x="70" y="70" width="180" height="34" rx="3" fill="#e8710a" />
      <rect x="84" y="80" width="90" height="8" rx="4" fill="#fff" />
      <rect x="84" y="92" width="60" height="5" rx="2.5" fill="#fff" opacity="0.75" />
      <circle cx="226" cy="87" r="10" fill="#fff" opacity="0.35" />
    </Scene>
  );
}
