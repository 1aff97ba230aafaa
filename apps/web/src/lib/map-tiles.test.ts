import { escapeHtml } from '@ooh/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { mapTiles } from './map-tiles';

/** The <head> as the API writes it (apps/api/src/lib/map-tiles.ts), attribute-escaped. */
function serverHead(tags: string): void {
  document.head.innerHTML = `<meta charset="utf-8">${tags}<title>AdSpace India</title>`;
}

afterEach(() => {
  document.head.innerHTML = '';
});

describe('mapTiles(): the tile server the API names in the page', () => {
  it('is null without the tag: the maps draw their bundled basemap', () => {
    serverHead('');
    expect(mapTiles()).toBeNull();
    serverHead('<meta name="map-tiles" content="  ">');
    expect(mapTiles()).toBeNull();
  });

  it('reads the URL template and the attribution, unescaped from the attributes', () => {
    serverHead(
      '<meta name="map-tiles" content="https://{s}.tiles.example.in/{z}/{x}/{y}.png?key=a&amp;v=2">' +
        '<meta name="map-attribution" content="&copy; &quot;Tiles&quot; &amp; OpenStreetMap">',
    );
    expect(mapTiles()).toEqual({
      url: 'https://{s}.tiles.example.in/{z}/{x}/{y}.png?key=a&v=2',
      attribution: '© "Tiles" & OpenStreetMap',
    });
  });

  it('has an empty attribution when only the URL is set', () => {
    serverHead('<meta name="map-tiles" content="/tiles/{z}/{x}/{y}.png">');
    expect(mapTiles()).toEqual({ url: '/tiles/{z}/{x}/{y}.png', attribution: '' });
  });

  it('hands Leaflet (which writes attributions as HTML) the text with its markup escaped', () => {
    expect(escapeHtml(`<img src=x onerror="alert(1)"> & 'co'`)).toBe(
      '&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &#39;co&#39;',
    );
    const box = document.createElement('div');
    box.innerHTML = escapeHtml('\u200f<script>alert(1)</script>');
    expect(box.children).toHaveLength(0);
    expect(box.textContent).toBe('\u200f<script>alert(1)</script>');
  });
});
