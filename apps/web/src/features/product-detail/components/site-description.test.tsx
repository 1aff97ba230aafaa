import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SiteDescription } from './site-description';

afterEach(cleanup);

const text =
  'Two faces on the median, lit till midnight.\nFacing the beach road.\n\nPermits renewed every March.';

describe('multi-line site descriptions (issue 45)', () => {
  it('keep their paragraphs and line breaks for buyers', () => {
    render(<SiteDescription text={text} />);
    const paragraphs = screen.getByTestId('product-description').querySelectorAll('p');
    expect([...paragraphs].map((p) => p.textContent)).toEqual([
      'Two faces on the median, lit till midnight.\nFacing the beach road.',
      'Permits renewed every March.',
    ]);
    expect(getComputedStyle(paragraphs[0]!).whiteSpace).toBe('pre-line');
  });
});
