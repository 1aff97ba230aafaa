import type { Product } from '@ooh/shared';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SpecificationsBox } from './specifications-box';

const hoarding: Product = {
  id: 7,
  product_id: 'MH-MUM-HO-0007',
  name: 'Andheri Flyover Hoarding',
  description: '',
  price: 5000,
  address: 'Andheri East',
  images: [],
  unavailable_dates: [],
  booking_duration: 7,
  minimum_days: 7,
  rates: { daily: 5000, weekly: null, four_weekly: null },
  category: 'Hoarding',
  image_size: '20 x 10 ft',
  image_format: 'Flex',
  lighting: 'Lighting',
  state: 'Maharashtra',
  district: 'Mumbai',
  city: 'Mumbai',
  pin_code: '400069',
  impression: null,
  audience: null,
  latitude: null,
  longitude: null,
};

describe('SpecificationsBox', () => {
  afterEach(cleanup);

  it('labels the code of every format "Site code", never "Lamp Post ID"', () => {
    render(<SpecificationsBox product={hoarding} />);
    expect(screen.getByText('Site code')).toBeTruthy();
    expect(screen.getByText('MH-MUM-HO-0007')).toBeTruthy();
    expect(screen.queryByText('Lamp Post ID')).toBeNull();
  });

  it('shows the audience only with its source, month and method (decision 080)', () => {
    render(
      <SpecificationsBox
        product={{
          ...hoarding,
          impression: 120_000,
          audience: {
            daily_impressions: 120_000,
            source: 'owner_declared',
            measured_on: '2026-03',
            method: 'Counted at the signal, two weekdays',
            verified: false,
          },
        }}
      />,
    );
    expect(screen.getByText('1.2 lakh/day · owner-declared, Mar 2026')).toBeTruthy();
    expect(screen.getByText('Counted at the signal, two weekdays')).toBeTruthy();
    expect(screen.queryByText('1,20,000')).toBeNull();
  });

  it('says nothing of impressions when the site has no figure', () => {
    render(<SpecificationsBox product={hoarding} />);
    expect(screen.queryByText('Audience')).toBeNull();
  });
});
