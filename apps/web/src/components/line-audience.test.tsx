import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LineAudience } from './line-audience';

const audience = {
  daily_impressions: 120_000,
  source: 'traffic_count' as const,
  measured_on: '2026-03',
  method: 'Camera count',
  verified: true,
};

describe('LineAudience', () => {
  afterEach(cleanup);

  it('shows the figure with its source, the impressions over the days and the CPM before GST', () => {
    // 7 x 1,20,000 = 8,40,000; ₹31,500 / 840 = ₹37.50.
    render(<LineAudience audience={audience} days={7} costPaise={3_150_000} />);
    expect(screen.getByTestId('line-audience').textContent).toBe(
      'Audience: 1.2 lakh/day · traffic count, Mar 2026 · verified · 8.4 lakh over 7 days · CPM ₹37.50 per 1,000 (before GST)',
    );
  });

  it('shows the daily figure alone without dates, and says so without a figure', () => {
    render(<LineAudience audience={audience} days={null} costPaise={0} />);
    expect(screen.getByTestId('line-audience').textContent).toBe(
      'Audience: 1.2 lakh/day · traffic count, Mar 2026 · verified',
    );
    cleanup();
    render(
      <LineAudience
        audience={null}
        days={7}
        costPaise={1}
        missing="Audience figure not recorded at booking"
      />,
    );
    expect(screen.getByTestId('line-audience').textContent).toBe('Audience figure not recorded at booking');
  });
});
