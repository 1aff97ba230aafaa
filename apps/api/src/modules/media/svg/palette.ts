import type { TimeOfDay } from '../site-image-url.ts';

/** Colours of one time of day: the same scene is redrawn in each, like photos taken through the day. */
export interface Palette {
  time: TimeOfDay;
  skyTop: string;
  skyBottom: string;
  /** Sun or moon: position, radius, colour. */
  orb: { x: number; y: number; r: number; fill: string };
  haze: string;
  far: string;
  farWindow: string;
  landmark: string;
  ground: string;
  footpath: string;
  road: string;
  lane: string;
  metal: string;
  concrete: string;
  /** 1 in full daylight, lower as light fades: used to dim the creatives a little. */
  light: number;
  night: boolean;
}

export const PALETTES: Record<TimeOfDay, Palette> = {
  day: {
    time: 'day',
    skyTop: '#4a93dc',
    skyBottom: '#cfe8f6',
    orb: { x: 140, y: 90, r: 34, fill: '#fff6c8' },
    haze: '#e4f0f7',
    far: '#a9bccd',
    farWindow: '#c9d8e4',
    landmark: '#5f6f80',
    ground: '#8fae6a',
    footpath: '#c8bfae',
    road: '#5c6066',
    lane: '#f4f4f4',
    metal: '#4a5058',
    concrete: '#b9b4ab',
    light: 1,
    night: false,
  },
  golden: {
    time: 'golden',
    skyTop: '#e98d4f',
    skyBottom: '#fde3a6',
    orb: { x: 620, y: 250, r: 44, fill: '#fff1b8' },
    haze: '#f8d9a8',
    far: '#c99a82',
    farWindow: '#e7c09a',
    landmark: '#8a5e52',
    ground: '#9a9a5a',
    footpath: '#d2b894',
    road: '#66605c',
    lane: '#f7ead2',
    metal: '#4d4542',
    concrete: '#c4a88e',
    light: 0.92,
    night: false,
  },
  dusk: {
    time: 'dusk',
    skyTop: '#27306b',
    skyBottom: '#f08e6a',
    orb: { x: 180, y: 330, r: 40, fill: '#ffb27a' },
    haze: '#b8727a',
    far: '#4e4a72',
    farWindow: '#f6c56b',
    landmark: '#322f52',
    ground: '#4a5040',
    footpath: '#7e7180',
    road: '#3a3c48',
    lane: '#d8d0d8',
    metal: '#2c2b38',
    concrete: '#6f6678',
    light: 0.8,
    night: true,
  },
  night: {
    time: 'night',
    skyTop: '#060a22',
    skyBottom: '#22305e',
    orb: { x: 660, y: 80, r: 22, fill: '#f3f1de' },
    haze: '#2b3868',
    far: '#1a2142',
    farWindow: '#ffd36b',
    landmark: '#141a36',
    ground: '#1d2520',
    footpath: '#3a3d4a',
    road: '#22242d',
    lane: '#9a9aa6',
    metal: '#191a22',
    concrete: '#3d4050',
    light: 0.75,
    night: true,
  },
};
