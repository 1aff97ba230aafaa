import { Search } from '@mui/icons-material';
import { Box, Button, Checkbox, FormControlLabel, Paper, Typography } from '@mui/material';
import { bookingPickerRules } from '@ooh/shared';
import { useMemo, useState } from 'react';
import { BookingDateRange } from '../../../components/booking-date-range';
import type { DateRange } from '../../../lib/campaigns/campaign-draft';

export interface AppliedDates {
  from: string;
  to: string;
  flexible: boolean;
}

export interface ProductDatesBarProps {
  /** The dates the list is showing (from the address), if any. */
  applied: AppliedDates | null;
  /** Search with these dates (null clears them). */
  onApply(next: AppliedDates | null): void;
}

/**
 * "Free for my dates" on /products (docs/product-rules.md section 12): start and end pickers with the catalogue's default
 * rules, "Flexible with Date" and Search. Only Search applies them; Clear dates shows every site again.
 */
export function ProductDatesBar({ applied, onApply }: ProductDatesBarProps) {
  const rules = useMemo(() => bookingPickerRules(), []);
  const [dates, setDates] = useState<DateRange>({
    from_date: applied?.from ?? null,
    to_date: applied?.to ?? null,
  });
  const [flexible, setFlexible] = useState(applied?.flexible ?? false);
  const complete = Boolean(dates.from_date && dates.to_date);
  return (
    <Paper
      component="form"
      variant="outlined"
      aria-label="Free for my dates"
      onSubmit={(e) => {
        e.preventDefault();
        if (dates.from_date && dates.to_date) onApply({ from: dates.from_date, to: dates.to_date, flexible });
      }}
      sx={{
        p: 2,
        mt: 2,
        display: 'grid',
        gap: 1.5,
        alignItems: 'center',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'auto minmax(0, 2fr) auto' },
      }}
    >
      <Typography variant="subtitle2" component="p">
        Free for my dates
      </Typography>
      <BookingDateRange from={dates.from_date} to={dates.to_date} onChange={setDates} rules={rules} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <FormControlLabel
          control={
            <Checkbox size="small" checked={flexible} onChange={(e) => setFlexible(e.target.checked)} />
          }
          label="Flexible with Date"
          sx={{ mr: 0, whiteSpace: 'nowrap' }}
        />
        <Button type="submit" variant="contained" startIcon={<Search />} disabled={!complete}>
          Search
        </Button>
        {applied ? (
          <Button
            onClick={() => {
              setDates({ from_date: null, to_date: null });
              setFlexible(false);
              onApply(null);
            }}
          >
            Clear dates
          </Button>
        ) : null}
      </Box>
    </Paper>
  );
}
