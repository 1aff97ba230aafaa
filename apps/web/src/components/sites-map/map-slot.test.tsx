import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MapSlot } from './map-slot';

afterEach(() => {
  cleanup();
  document.documentElement.removeAttribute('data-view');
});

const slot = () => screen.getByTestId('map-slot');

describe('MapSlot (the room a result list keeps for its map)', () => {
  it('holds the map’s placeholder before hydration, hidden unless index.html marked a map view', () => {
    document.documentElement.setAttribute('data-view', 'map');
    render(
      <MapSlot open={false} hydrated={false}>
        <p>the map</p>
      </MapSlot>,
    );
    expect(screen.getByRole('progressbar', { name: 'Loading the map…' })).toBeTruthy();
    expect(screen.queryByText('the map')).toBeNull();
    // Until hydrated, the mark stays: it is what shows the placeholder in the server-rendered List.
    expect(document.documentElement.getAttribute('data-view')).toBe('map');
  });

  it('keeps the placeholder in room for an address that asks for the map, until hydrated (Leaflet is the browser’s)', () => {
    render(
      <MapSlot open hydrated={false}>
        <p>the map</p>
      </MapSlot>,
    );
    expect(screen.getByRole('progressbar', { name: 'Loading the map…' })).toBeTruthy();
    expect(screen.queryByText('the map')).toBeNull();
    expect(getComputedStyle(slot()).display).toBe('block');
  });

  it('shows the map once open and drops the mark, so a later switch to List hides the slot', () => {
    document.documentElement.setAttribute('data-view', 'map');
    const { rerender } = render(
      <MapSlot open hydrated>
        <p>the map</p>
      </MapSlot>,
    );
    expect(screen.getByText('the map')).toBeTruthy();
    expect(document.documentElement.hasAttribute('data-view')).toBe(false);
    expect(getComputedStyle(slot()).display).toBe('block');
    rerender(
      <MapSlot open={false} hydrated>
        <p>the map</p>
      </MapSlot>,
    );
    expect(screen.queryByText('the map')).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(getComputedStyle(slot()).display).toBe('none');
  });
});
