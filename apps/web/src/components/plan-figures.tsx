import { Box, Typography } from '@mui/material';
import {
  type AudienceSource,
  type CampaignProductEntry,
  formatCount,
  formatIndianCount,
  formatRupees,
  formatSourceList,
  plansFigures,
} from '@ooh/shared';
import { Fragment } from 'react';

/**
 * A plan's figures (decision 080) from the entries as the person has them now (their dates, or the
 * minimum run without dates), by the shared rule the server's GET /api/campaigns/{id}/figures uses:
 * impressions with their sources, CPM before GST, and reach and frequency labelled as estimates.
 * Nothing is shown when no site carries an audience figure.
 */
export function PlanFigures({
  campaigns,
  headingId,
}: {
  /** Each campaign's entries (a cart holds several campaigns, each priced as booked together). */
  campaigns: ReadonlyArray<ReadonlyArray<Pick<CampaignProductEntry, 'from_date' | 'to_date' | 'product'>>>;
  headingId: string;
}) {
  return <PlanFiguresView figures={plansFigures(campaigns)} headingId={headingId} />;
}

/** The figures a plan's answer carries (a shared plan, an order): what PlanFigures shows. */
export interface FiguresShown {
  impressions: number;
  cpm: number | null;
  reach_estimate: number;
  frequency_estimate: number | null;
  lines: number;
  lines_counted: number;
  /** An order's lines booked before their figure was kept (decision 091). */
  lines_not_recorded?: number;
  sources: readonly AudienceSource[];
}

/** Figures computed elsewhere (the server's plan or order), shown as PlanFigures shows its own. */
export function PlanFiguresView({ figures: f, headingId }: { figures: FiguresShown; headingId: string }) {
  const notRecorded = f.lines_not_recorded ?? 0;
  const notRecordedNote =
    notRecorded > 0
      ? `${notRecorded === f.lines ? 'The audience figure was' : `${notRecorded} of ${f.lines} sites' audience figures were`} not recorded at booking; ${notRecorded === 1 ? 'it counts' : 'they count'} in none of these figures. `
      : '';
  if (f.lines_counted === 0) {
    return notRecorded > 0 ? (
      <Typography variant="body2" color="text.secondary" component="p" data-testid="figures-not-recorded">
        {notRecordedNote}
      </Typography>
    ) : null;
  }
  const partial = f.lines_counted < f.lines;
  const rows: Array<[string, string]> = [
    ['Impressions', `${formatIndianCount(f.impressions)} · ${formatSourceList(f.sources)}`],
    ['CPM (before GST)', f.cpm === null ? '—' : `${formatRupees(f.cpm)} per 1,000`],
    ['Reach (estimate)', `${formatIndianCount(f.reach_estimate)} people`],
    [
      'Frequency (estimate)',
      f.frequency_estimate === null ? '—' : `${formatCount(f.frequency_estimate)} times`,
    ],
  ];
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 0.5 }}>
        Plan figures
      </Typography>
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
      >
        {rows.map(([label, value]) => (
          <Fragment key={label}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600 }}>
              {value}
            </Typography>
          </Fragment>
        ))}
      </Box>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
        {notRecordedNote}
        {partial ? `${f.lines_counted} of ${f.lines} sites have an audience figure; only they count. ` : ''}
        Impressions are each site's daily figure × its days; reach and frequency are estimates of a simple
        model (format and city size), not measurements.
      </Typography>
    </Box>
  );
}
