import type { FilterDefinition } from '@ooh/shared';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FilterPanel } from './filter-panel';

afterEach(cleanup);

const DEFINITIONS: FilterDefinition[] = [
  {
    display_name: 'Category',
    name: 'category',
    type: 'category',
    value_type: 'static',
    values: ['Bridge', 'Hoarding'],
  },
  { display_name: 'State', name: 'state', type: 'category', value_type: 'static', values: ['Goa'] },
];

function renderPanel() {
  render(<FilterPanel definitions={DEFINITIONS} selected={{}} onChange={() => {}} onClearAll={() => {}} />);
  return {
    header: (name: string) => screen.getByRole('button', { name }),
    region: (name: string) => document.getElementById(`filter-${name}`) as HTMLElement,
  };
}

describe('FilterPanel sections (the first follows the screen until chosen)', () => {
  it('draws the first section’s options without the hidden attribute, for CSS to show on a wide screen', () => {
    const { header, region } = renderPanel();
    // jsdom has no wide screen: closed for assistive technology, and left to the media query for the eye.
    expect(header('Category').getAttribute('aria-expanded')).toBe('false');
    expect(region('category').hasAttribute('hidden')).toBe(false);
    expect(screen.getByRole('checkbox', { name: 'Bridge' })).toBeTruthy();
    // The others are closed and their options not drawn.
    expect(region('state').hasAttribute('hidden')).toBe(true);
    expect(screen.queryByRole('checkbox', { name: 'Goa' })).toBeNull();
  });

  it('is opened and closed by its button once someone chooses, whatever the screen', () => {
    const { header, region } = renderPanel();
    fireEvent.click(header('Category'));
    expect(header('Category').getAttribute('aria-expanded')).toBe('true');
    expect(region('category').hasAttribute('hidden')).toBe(false);
    fireEvent.click(header('Category'));
    expect(header('Category').getAttribute('aria-expanded')).toBe('false');
    expect(region('category').hasAttribute('hidden')).toBe(true);
    fireEvent.click(header('State'));
    expect(screen.getByRole('checkbox', { name: 'Goa' })).toBeTruthy();
  });
});
