import { Box, Stack, Typography } from '@mui/material';
import {
  addDays,
  type CalendarDay,
  type DayState,
  firstFreeRange,
  formatBookingPeriod,
  formatDay,
  formatMonth,
  MIN_DAYS_BEFORE_START,
  parseBookingDuration,
} from '@ooh/shared';
import { memo } from 'react';

/**
 * A site's next 12 months (issue 48, DESIGN section 20): one small month grid per month, each day marked
 * free, on hold, booked or blocked. Readable without colour: every state has its own pattern and its word
 * in the legend, each month says how many days are free, and each day carries its date and state as text
 * for screen readers. Plain elements styled once on the wrapper, so 365 days cost little to render.
 */

const STATE_WORDS: Record<DayState, string> = {
  free: 'Free',
  held: 'On hold',
  booked: 'Booked',
  blocked: 'Blocked by owner',
};

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** The patterns (colour plus a shape each): also used by the legend's swatches. */
const stateStyles = {
  '& .free': { bgcolor: '#fff', color: 'text.primary', boxShadow: 'inset 0 0 0 1px #2e7d32' },
  '& .held': {
    color: '#4a2c00',
    backgroundColor: '#ffe0a3',
    backgroundImage: 'repeating-linear-gradient(135deg, transparent 0 3px, rgba(140, 80, 0, 0.45) 3px 5px)',
  },
  '& .booked': { bgcolor: '#8e1b1b', color: '#fff', textDecoration: 'line-through' },
  '& .blocked': {
    color: '#212121',
    backgroundColor: '#cfcfcf',
    backgroundImage:
      'repeating-linear-gradient(45deg, transparent 0 3px, rgba(0,0,0,0.35) 3px 4px), repeating-linear-gradient(135deg, transparent 0 3px, rgba(0,0,0,0.35) 3px 4px)',
  },
  // Not faded (its number keeps its contrast): a dashed edge marks a day too soon to start on.
  '& .soon': { outline: '2px dashed #424242', outlineOffset: '-2px' },
} as const;

interface Month {
  key: string;
  days: CalendarDay[];
}

function monthsOf(days: CalendarDay[]): Month[] {
  const months: Month[] = [];
  for (const day of days) {
    const key = day.date.slice(0, 7);
    const last = months.at(-1);
    if (last?.key === key) last.days.push(day);
    else months.push({ key, days: [day] });
  }
  return months;
}

/** Monday-first column of a date (0-6), as the date pickers' en-GB weeks. */
const weekdayOf = (iso: string) => (new Date(`${iso}T00:00:00Z`).getUTCDay() + 6) % 7;

function MonthGrid({ month, earliest }: { month: Month; earliest: string }) {
  const first = month.days[0].date;
  // The month's first shown day sits in its weekday's column; blanks before it (and before today).
  const lead = weekdayOf(first);
  const cells: Array<CalendarDay | null> = [...new Array<null>(lead).fill(null), ...month.days];
  const weeks: Array<Array<CalendarDay | null>> = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  const free = month.days.filter((d) => d.state === 'free').length;
  const title = formatMonth(month.key);
  return (
    <Box component="section" aria-label={title} className="month">
      <Typography component="h3" variant="subtitle2" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 0.5 }}>
        {free === month.days.length ? 'Free every day' : `${free} of ${month.days.length} days free`}
      </Typography>
      <table>
        <thead>
          <tr>
            {WEEKDAYS.map((w) => (
              <th key={w} scope="col" abbr={w}>
                {w.slice(0, 1)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={`${month.key}-${week.find((d) => d)?.date}`}>
              {week.map((day, i) =>
                day ? (
                  <td key={day.date} className={day.date < earliest ? `${day.state} soon` : day.state}>
                    <span aria-hidden="true">{Number(day.date.slice(8))}</span>
                    <Box component="span" sx={visuallyHidden}>
                      {`${formatDay(day.date)}: ${STATE_WORDS[day.state]}${day.date < earliest ? ', too soon to start' : ''}`}
                    </Box>
                  </td>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: blanks before the first day have no identity of their own.
                  <td key={`blank-${i}`} />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </Box>
  );
}

export const AvailabilityCalendar = memo(function AvailabilityCalendar(props: {
  days: CalendarDay[];
  bookingDuration: unknown;
  today: string;
}) {
  const { days } = props;
  const minDays = parseBookingDuration(props.bookingDuration);
  // From the calendar's own first day (today in IST on the server), so the browser's clock never differs.
  const earliest = addDays(props.today, MIN_DAYS_BEFORE_START);
  const next = firstFreeRange(days, minDays, earliest);
  const months = monthsOf(days);
  return (
    <Box component="section" aria-labelledby="availability-heading" sx={{ ...stateStyles }}>
      <Typography id="availability-heading" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
        Availability, next 12 months
      </Typography>
      <Typography data-testid="next-free" sx={{ mb: 1 }}>
        {next
          ? `First free for the minimum booking (${minDays} days): ${formatBookingPeriod(next.from, next.to, { withDays: false })}`
          : `No ${minDays} free days in a row in the next 12 months.`}
      </Typography>
      <Stack
        component="ul"
        direction="row"
        aria-label="Legend"
        sx={{ listStyle: 'none', p: 0, m: 0, mb: 1.5, flexWrap: 'wrap', columnGap: 2, rowGap: 0.5 }}
      >
        {(Object.keys(STATE_WORDS) as DayState[]).map((state) => (
          <Box component="li" key={state} sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
            <Box className={state} aria-hidden sx={{ width: 16, height: 16, borderRadius: 0.5 }} />
            <Typography variant="body2">{STATE_WORDS[state]}</Typography>
          </Box>
        ))}
        <Box component="li" sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
          <Box className="free soon" aria-hidden sx={{ width: 16, height: 16, borderRadius: 0.5 }} />
          <Typography variant="body2">Dashed: too soon to start (bookings start 7 days ahead)</Typography>
        </Box>
      </Stack>
      <Box
        data-testid="availability-calendar"
        sx={{
          display: 'grid',
          gridTemplateColumns: {
            xs: 'repeat(2, minmax(0, 1fr))',
            sm: 'repeat(3, 1fr)',
            md: 'repeat(4, 1fr)',
          },
          columnGap: { xs: 1.5, md: 3 },
          rowGap: 2,
          '& table': {
            borderCollapse: 'separate',
            borderSpacing: '2px',
            tableLayout: 'fixed',
            width: '100%',
          },
          '& th': { fontSize: 11, fontWeight: 600, color: 'text.secondary', p: 0 },
          '& td': {
            position: 'relative',
            height: { xs: 20, sm: 24 },
            p: 0,
            textAlign: 'center',
            fontSize: { xs: 10.5, sm: 12 },
            lineHeight: { xs: '20px', sm: '24px' },
            borderRadius: '3px',
          },
        }}
      >
        {months.map((month) => (
          <MonthGrid key={month.key} month={month} earliest={earliest} />
        ))}
      </Box>
    </Box>
  );
});
