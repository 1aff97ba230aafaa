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
});
