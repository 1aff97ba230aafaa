import type { Proposal } from '@ooh/shared';
import { cleanup, render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { ProposalsMap } from './proposals-map';

afterEach(cleanup);

const line = (id: number, name: string, code: string, latitude: number, longitude: number) =>
  ({ id, name, site_code: code, latitude, longitude }) as Proposal['lines'][number];

const proposal = (id: number, owner: string, lines: Proposal['lines']) =>
  ({ id, owner: { id, name: owner }, lines }) as Proposal;

const proposals = [
  proposal(1, 'Sea Link Media', [
    line(11, 'Worli Sea Face Gantry', 'MUM-GN-0001', 19.01, 72.82),
    line(12, 'Bandra Flyover Hoarding', 'MUM-HO-0002', 19.05, 72.84),
  ]),
  proposal(2, 'Konkan Outdoor', [line(21, 'Andheri Station Unipole', 'MUM-UP-0003', 19.12, 72.85)]),
];

describe('ProposalsMap', () => {
  it("names a marker per line with the site and its proposal's owner, numbered across proposals", () => {
    render(<ProposalsMap proposals={proposals} />);
    const section = screen.getByRole('region', { name: 'Where the proposed sites are' });
    const named = within(section)
      .getAllByRole('listitem')
      .map((li) => li.textContent?.replace(/:.*$/, ''));
    expect(named).toEqual([
      '1. Worli Sea Face Gantry (MUM-GN-0001), Sea Link Media',
      '2. Bandra Flyover Hoarding (MUM-HO-0002), Sea Link Media',
      '3. Andheri Station Unipole (MUM-UP-0003), Konkan Outdoor',
    ]);
    expect(within(section).getByText(/^3 sites from their coordinates/)).toBeTruthy();
  });

  it("renders on the server as a placeholder, with none of the map's code run", () => {
    const html = renderToString(<ProposalsMap proposals={proposals} />);
    expect(html).toContain('Where the proposed sites are');
    expect(html).not.toContain('leaflet');
  });

  it('draws nothing without a proposed line', () => {
    const { container } = render(<ProposalsMap proposals={[proposal(3, 'Konkan Outdoor', [])]} />);
    expect(container.textContent).toBe('');
  });
});
