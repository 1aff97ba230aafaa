import type { CalendarEntry } from '@ooh/shared';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EntryList } from './entry-list';

afterEach(cleanup);

const sites = [{ id: 7, name: 'Andheri Gantry', product_id: 'MH-1', status: 'live' }];
const entry = (over: Partial<CalendarEntry>): CalendarEntry => ({
  kind: 'booking',
  id: 1,
  site_id: 7,
  start_date: '2026-12-05',
  end_date: '2026-12-11',
  label: 'Order #12 · Acme',
  order_id: 12,
  hold_expires_at: null,
  ...over,
});

describe('the month list', () => {
  it('says each kind in words and offers Remove on blocks only, naming the block', () => {
    const onRemove = vi.fn();
    render(
      <EntryList
        entries={[
          entry({
            kind: 'block',
            id: 3,
            start_date: '2026-12-20',
            end_date: '2026-12-24',
            label: 'Repainting',
          }),
          entry({}),
          entry({ kind: 'hold', id: 2, label: 'Held until 14:05' }),
        ]}
        sites={sites}
        onRemove={onRemove}
        removingId={null}
      />,
    );
    const items = screen.getAllByRole('listitem');
    // Earliest first.
    expect(items.map((li) => li.textContent)).toEqual([
      expect.stringContaining('Booked5 Dec – 11 Dec · Andheri GantryOrder #12 · Acme'),
      expect.stringContaining('Held5 Dec – 11 Dec'),
      expect.stringContaining('Blocked20 Dec – 24 Dec · Andheri GantryRepainting'),
    ]);
    const remove = screen.getAllByRole('button');
    expect(remove).toHaveLength(1);
    fireEvent.click(
      screen.getByRole('button', { name: 'Remove the block 20 Dec – 24 Dec on Andheri Gantry' }),
    );
    expect(onRemove).toHaveBeenCalledWith(expect.objectContaining({ id: 3, kind: 'block' }));
  });

  it('disables the Remove of a block being removed, and says when the month is empty', () => {
    const { rerender } = render(
      <EntryList
        entries={[entry({ kind: 'block', id: 3, label: 'Works' })]}
        sites={sites}
        onRemove={() => {}}
        removingId={3}
      />,
    );
    expect(screen.getByRole('button', { name: /Remove the block/ })).toHaveProperty('disabled', true);
    rerender(<EntryList entries={[]} sites={sites} onRemove={() => {}} removingId={null} />);
    expect(screen.getByText('Nothing booked, held or blocked this month.')).toBeTruthy();
  });
});
