import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FieldsAfterHydration } from './room-outlet';

afterEach(cleanup);

describe('FieldsAfterHydration', { timeout: 30_000 }, () => {
  it('is a fieldset named by its legend, so a console page is no unnamed group', () => {
    render(
      <FieldsAfterHydration legend="Media owner console">
        <input aria-label="Site name" />
      </FieldsAfterHydration>,
    );
    const group = screen.getByRole('group', { name: 'Media owner console' });
    expect(group.tagName).toBe('FIELDSET');
    expect(group.querySelector('legend')?.textContent).toBe('Media owner console');
    expect(screen.getByRole('textbox', { name: 'Site name' })).toBeTruthy();
  });
});
