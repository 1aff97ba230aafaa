import type { OrderLineDetail } from '@ooh/shared';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LineTimeline } from './line-timeline';

afterEach(cleanup);

// Only what the timeline reads of a line.
const line = (status: OrderLineDetail['status'], timeline: OrderLineDetail['timeline']) =>
  ({ status, timeline, product: { name: 'Marine Drive Hoarding' } }) as unknown as OrderLineDetail;

/** The buyer reads where each booked site stands, and what usually comes next. */
describe('LineTimeline', () => {
  it('lists the line’s steps in order, marks the current one, and names what comes next', () => {
    render(
      <LineTimeline
        line={line('creative_submitted', [
          { status: 'scheduled', at: '2026-11-20T06:30:00.000Z', note: null },
          { status: 'creative_submitted', at: '2026-11-21T06:30:00.000Z', note: 'Artwork v2' },
        ])}
      />,
    );
    const list = screen.getByRole('list', { name: 'Status of Marine Drive Hoarding' });
    const steps = within(list).getAllByRole('listitem');
    expect(steps.map((s) => s.textContent)).toEqual([
      'Booked20 Nov 2026, 12:00 pm IST',
      expect.stringMatching(/Artwork v2$/),
      'Next: Creative approved',
    ]);
    expect(steps[1].getAttribute('aria-current')).toBe('step');
    expect(steps[0].getAttribute('aria-current')).toBeNull();
  });

  it('shows the line’s own status when no event was recorded, and nothing next for a held line', () => {
    render(<LineTimeline line={line('completed', [])} />);
    expect(screen.getAllByRole('listitem').map((s) => s.textContent)).toEqual(['Completed']);
    cleanup();
    render(<LineTimeline line={line('held', [])} />);
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
  });
});
