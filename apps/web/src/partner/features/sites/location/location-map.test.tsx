import { render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import LocationMap from './location-map';

afterEach(() => {
  document.head.innerHTML = '';
});

describe('the location map and MAP_TILE_URL', () => {
  it('draws the tiles the page names, with the attribution as text', () => {
    document.head.innerHTML =
      '<meta name="map-tiles" content="/tiles/{z}/{x}/{y}.png"><meta name="map-attribution" content="&lt;b&gt;Tiles&lt;/b&gt; &amp; co">';
    const { container } = render(<LocationMap point={[19.07, 72.87]} others={[]} onPick={() => {}} />);
    const tiles = [...container.querySelectorAll<HTMLImageElement>('img.leaflet-tile')];
    expect(tiles.length).toBeGreaterThan(0);
    expect(tiles[0].getAttribute('src')).toMatch(/^\/tiles\/13\/\d+\/\d+\.png$/);
    const attribution = container.querySelector('.leaflet-control-attribution');
    expect(attribution?.textContent).toContain('<b>Tiles</b> & co');
    expect(attribution?.querySelector('b')).toBeNull();
  });

  it('fetches nothing without it: no tile, no attribution', () => {
    const { container } = render(<LocationMap point={[19.07, 72.87]} others={[]} onPick={() => {}} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('.leaflet-control-attribution')).toBeNull();
    expect(container.textContent).toContain('Mumbai');
  });
});
