import type { SiteImportReport } from '@ooh/shared';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ImportReport } from './components/import-report';
import { checkChosenFile } from './import-page';

afterEach(cleanup);

const file = (name: string, size: number) => {
  const f = new File(['x'], name, { type: 'text/csv' });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

describe('checkChosenFile', () => {
  it('takes a .csv of up to 10 MB and says why it refuses anything else', () => {
    expect(checkChosenFile(file('sites.CSV', 2048))).toBeNull();
    expect(checkChosenFile(file('sites.xlsx', 2048))).toMatch(/Choose a \.csv file/);
    expect(checkChosenFile(file('sites.csv', 0))).toMatch(/empty/);
    expect(checkChosenFile(file('sites.csv', 10 * 1024 * 1024 + 1))).toMatch(/larger than 10 MB/);
  });
});

describe('ImportReport', () => {
  const report: SiteImportReport = {
    dry_run: true,
    total_rows: 3000,
    valid_rows: 1000,
    invalid_rows: 2000,
    errors: Array.from({ length: 2000 }, (_, i) => ({
      line: i + 2,
      field: 'price',
      message: `Problem ${i + 2}`,
    })),
    errors_truncated: false,
  };

  // MUI's first render in jsdom is slow on a busy machine; this is a time limit, not a measurement.
  it('shows the counts and pages through thousands of problems, 25 at a time', { timeout: 30_000 }, () => {
    render(<ImportReport report={report} />);
    expect(screen.getByText('3,000 rows')).toBeTruthy();
    expect(screen.getByText('2,000 with errors')).toBeTruthy();
    expect(screen.getAllByRole('row')).toHaveLength(26);
    expect(screen.getByText('Problem 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /next page/i }));
    expect(screen.queryByText('Problem 2')).toBeNull();
    expect(screen.getByText('Problem 27')).toBeTruthy();
  });
});
