import type { CampaignProductEntry } from '@ooh/shared';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { CampaignPlaces } from './campaign-places';

afterEach(cleanup);

const entry = (id: number, code: string): CampaignProductEntry => ({
  from_date: null,
  to_date: null,
  price: 9000,
  product: {
    id,
    product_id: code,
    name: 'Juhu Median Lamp Posts',
    price: 300,
    unavailable_dates: [],
    booking_duration: 30,
    images: [],
  },
});

describe('CampaignPlaces', () => {
  it('tells two sites of the same name apart by their codes (issue 45)', () => {
    render(
      <MemoryRouter>
        <CampaignPlaces
          campaignId={3}
          campaignName="Mumbai Lamp Post Blitz"
          products={[entry(11, 'MUM-LP-0011'), entry(12, 'MUM-LP-0012')]}
          statuses={null}
          onPlaceRange={() => {}}
        />
      </MemoryRouter>,
    );
    const places = screen.getAllByRole('listitem');
    expect(places).toHaveLength(2);
    expect(within(places[0]!).getByTestId('site-code').textContent).toBe('Site code MUM-LP-0011');
    expect(within(places[1]!).getByTestId('site-code').textContent).toBe('Site code MUM-LP-0012');
  });
});
