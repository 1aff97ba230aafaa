import { COMPANY_DEFAULTS } from '@ooh/shared';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { CompanyContext } from '../../lib/company/use-company';
import PrivacyPage from './privacy-page';

afterEach(cleanup);

describe('the privacy page', () => {
  it("names the Grievance Officer from the API's settings (COMPANY_GRIEVANCE_OFFICER_*), as the server renders it", () => {
    const company = {
      ...COMPANY_DEFAULTS,
      grievance_officer: { name: 'Mr. Arjun Iyer', email: 'dpo@example.in' },
    };
    render(
      <MemoryRouter>
        <CompanyContext.Provider value={company}>
          <PrivacyPage />
        </CompanyContext.Provider>
      </MemoryRouter>,
    );
    expect(screen.getByText(/Mr\. Arjun Iyer/)).toBeTruthy();
    const mail = screen.getByRole('link', { name: 'dpo@example.in' });
    expect(mail.getAttribute('href')).toBe('mailto:dpo@example.in');
    expect(screen.queryByText(/Kavya Menon/)).toBeNull();
  });
});
