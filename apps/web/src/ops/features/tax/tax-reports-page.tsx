import { Button, Stack, Typography } from '@mui/material';
import { monthBefore, quarterOfMonth, thisMonthIst } from '@ooh/shared';
import { Form, type LoaderFunctionArgs, useSearchParams } from 'react-router';
import { ChoiceField } from '../../../components/choice-field';
import { roomShouldRevalidate } from '../../../components/room-outlet';
import { TextInput } from '../../../components/text-input';
import { loadQueries } from '../../../lib/loader-queries';
import { pageMeta } from '../../../lib/page-meta';
import { Tcs, Tds, tcsQuery, tdsQuery } from './tax-report-tables';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const QUARTER = /^\d{4}-Q[1-4]$/;

/**
 * The periods the address asks for: by default last month (the GSTR-8 due by the 10th) and the quarter
 * that month is in (Form 26Q).
 */
function periodsOf(query: URLSearchParams, now = new Date()) {
  const lastMonth = monthBefore(thisMonthIst(now));
  const month = MONTH.test(query.get('month') ?? '') ? query.get('month')! : lastMonth;
  const quarter = QUARTER.test(query.get('quarter') ?? '')
    ? query.get('quarter')!
    : quarterOfMonth(lastMonth);
  return { month, quarter };
}

export const meta = () => pageMeta('Tax reports');

/** Rendered on the server with both reports, so the period form works before scripts run (a GET form). */
export const loader = (args: LoaderFunctionArgs) => {
  const { month, quarter } = periodsOf(new URL(args.request.url).searchParams);
  return loadQueries(args, [tcsQuery(month), tdsQuery(quarter)]);
};
export const shouldRevalidate = roomShouldRevalidate;

/** The last eight quarters, newest first, for the TDS period. */
function quarterChoices(now = new Date()): string[] {
  const choices: string[] = [];
  let month = thisMonthIst(now);
  while (choices.length < 8) {
    const q = quarterOfMonth(month);
    if (!choices.includes(q)) choices.push(q);
    month = monthBefore(month);
  }
  return choices;
}

/**
 * /ops/tax: what the operator files as e-commerce operator (docs/tax-filing.md): the month's TCS per owner
 * and the quarter's TDS per owner, each downloadable as CSV, read from what the payouts recorded.
 */
export default function TaxReportsPage() {
  const [query] = useSearchParams();
  const { month, quarter } = periodsOf(query);
  return (
    <>
      <Typography variant="h4" component="h1" gutterBottom>
        Tax reports
      </Typography>
      {/* A GET form: the periods are the address's, so it works before scripts run and can be bookmarked. */}
      <Form method="get">
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ mb: 2, alignItems: { sm: 'center' } }}
        >
          <TextInput
            name="month"
            type="month"
            label="TCS month"
            defaultValue={month}
            size="small"
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: thisMonthIst() } }}
          />
          <ChoiceField
            name="quarter"
            label="TDS quarter"
            size="small"
            defaultValue={quarter}
            choices={[...new Set([quarter, ...quarterChoices()])].map((q) => ({ value: q, label: q }))}
            sx={{ minWidth: 160 }}
          />
          <Button type="submit" variant="contained">
            Show
          </Button>
        </Stack>
      </Form>
      <Stack spacing={2}>
        <Tcs month={month} />
        <Tds quarter={quarter} />
      </Stack>
    </>
  );
}
