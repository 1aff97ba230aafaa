import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ReportLink } from './report-link';

describe('ReportLink', () => {
  afterEach(cleanup);

  it('is a plain link to the report once the order has one (it works before the script loads)', () => {
    render(<ReportLink order={{ order_id: 7, report_url: '/api/orders/7/report.pdf' }} />);
    const link = screen.getByRole('link', { name: 'Campaign report (PDF)' });
    expect(link.getAttribute('href')).toBe('/api/orders/7/report.pdf');
    expect(link.getAttribute('download')).toBe('campaign-report-7.pdf');
  });

  it('shows nothing before a line has completed', () => {
    const { container } = render(<ReportLink order={{ order_id: 7, report_url: null }} />);
    expect(container.textContent).toBe('');
  });
});
