import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PlanFigures } from './plan-figures';

const entry = (daily: number | null) => ({
  from_date: '2027-01-01',
  to_date: '2027-01-08',
  product: {
    id: 1,
    name: 'Site',
    price: 1000,
    unavailable_dates: [],
    booking_duration: 7,
    images: [],
    category: 'Lamp Post',
    city: 'Jaipur',
    audience:
      daily === null
        ? null
        : {
            daily_impressions: daily,
            source: 'survey' as const,
            measured_on: '2026-03',
            method: '',
            verified: false,
          },
  },
});

describe('PlanFigures', () => {
  afterEach(cleanup);

  it('shows impressions with their source, the CPM before GST and the estimates labelled so', () => {
    render(<PlanFigures campaigns={[[entry(50_000), entry(null)]]} headingId="h" />);
    // 50,000 x 7 = 3,50,000; ₹7,000 / 3,50,000 x 1,000 = ₹20.
    expect(screen.getByText('3.5 lakh · survey')).toBeTruthy();
    expect(screen.getByText('₹20.00 per 1,000')).toBeTruthy();
    expect(screen.getByText('Reach (estimate)')).toBeTruthy();
    expect(screen.getByText(/1 of 2 sites have an audience figure/)).toBeTruthy();
  });

  it('shows nothing when no site has a figure', () => {
    const { container } = render(<PlanFigures campaigns={[[entry(null)]]} headingId="h" />);
    expect(container.textContent).toBe('');
  });
});
