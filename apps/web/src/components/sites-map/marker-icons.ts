import { formatCount } from '@ooh/shared';
import L from 'leaflet';

/** The map's marker and cluster icons, shared by client-side and server-side clustering. */

/** One icon per look, so a re-render hands Leaflet the same icon and no marker's element is rebuilt. */
const icons = new Map<string, L.DivIcon>();
export const memo = (key: string, make: () => L.DivIcon) => {
  let icon = icons.get(key);
  if (!icon) {
    icon = make();
    icons.set(key, icon);
  }
  return icon;
};

export function siteIcon(colour: string, selected: boolean): L.DivIcon {
  return memo(`s${colour}${selected}`, () => makeSiteIcon(colour, selected));
}

function makeSiteIcon(colour: string, selected: boolean): L.DivIcon {
  const size = selected ? 22 : 16;
  return L.divIcon({
    className: 'sites-map-marker',
    html: `<span style="display:block;width:${size}px;height:${size}px;border-radius:50%;background:${colour};border:2px solid #fff;box-shadow:0 0 0 1px #1a2233"></span>`,
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
  });
}

export function clusterIcon(count: number, colour = '#0b3d91'): L.DivIcon {
  return memo(`c${count}${colour}`, () => makeClusterIcon(count, colour));
}

function makeClusterIcon(count: number, colour: string): L.DivIcon {
  const size = count < 10 ? 30 : count < 100 ? 36 : count < 10_000 ? 44 : 54;
  return L.divIcon({
    className: 'sites-map-cluster',
    html: `<span style="display:flex;align-items:center;justify-content:center;width:${size}px;height:${size}px;border-radius:50%;background:${colour};color:#fff;font-weight:700;font-size:13px;border:3px solid rgba(255,255,255,.9);box-shadow:0 0 0 1px ${colour}">${formatCount(count)}</span>`,
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
  });
}

/** Enter or Space on a focused marker acts as a click (Leaflet 1.9 makes markers focusable, not pressable). */
export const pressed = (e: L.LeafletEvent) => {
  const key = (e as L.LeafletKeyboardEvent).originalEvent.key;
  if (key !== 'Enter' && key !== ' ') return false;
  (e as L.LeafletKeyboardEvent).originalEvent.preventDefault();
  return true;
};
