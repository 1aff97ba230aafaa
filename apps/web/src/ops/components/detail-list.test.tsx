import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { DetailList } from './detail-list';

afterEach(cleanup);

const text =
  'Two faces on the median, lit till midnight.\nFacing the beach road.\n\nPermits renewed every March.';

describe('DetailList (issue 45)', () => {
  it("keep their line breaks in the operator's review", () => {
    render(<DetailList items={[['Description', text]]} />);
    const value = screen.getByText(/Two faces on the median/);
    expect(value.tagName).toBe('DD');
    expect(value.textContent).toBe(text);
    expect(getComputedStyle(value).whiteSpace).toBe('pre-line');
  });
});
