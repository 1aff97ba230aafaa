import { Search } from '@mui/icons-material';
import { Box, Button, Checkbox, FormControlLabel, InputAdornment, OutlinedInput, Paper } from '@mui/material';
import { bookingPickerRules } from '@ooh/shared';
import { useMemo } from 'react';
import { BookingDateRange } from '../../../components/booking-date-range';
import type { DateRange } from '../../../lib/campaigns/campaign-draft';

export interface CustomizeSearchBarProps {
  search: string;
  /** The box's field, read when the app starts (text typed before it is kept: lib/use-url-query.ts). */
  searchRef?: React.Ref<HTMLInputElement>;
  onSearchChange(value: string): void;
  dates: DateRange;
  onDatesChange(next: DateRange): void;
  flexible: boolean;
  onFlexibleChange(value: boolean): void;
  /** Applies the search text and the dates at once (the text is otherwise applied after 400 ms). */
  onSearch(): void;
}

/**
 * Search box, start and end pickers (start from today + 7, end from start + 7, years 2022 to 2070, chosen
 * from the calendar only), "Flexible with Date" and the Search button.
 */
export function CustomizeSearchBar(props: CustomizeSearchBarProps) {
  // The customize page has no site yet: the default minimum of 7 days applies (docs/product-spec.md section 5).
  const rules = useMemo(() => bookingPickerRules(), []);
  return (
    <Paper
      component="form"
      role="search"
      variant="outlined"
      onSubmit={(e) => {
        e.preventDefault();
        props.onSearch();
      }}
      sx={{
        p: 2,
        display: 'grid',
        gap: 1.5,
        alignItems: 'center',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(200px, 1.2fr) minmax(0, 2fr) auto' },
      }}
    >
      {/* The input without TextField, which would bring Select, Menu and Modal (~20 KB gzipped) to the page. */}
      <OutlinedInput
        size="small"
        type="search"
        placeholder="Search by product name"
        value={props.search}
        inputRef={props.searchRef}
        onChange={(e) => props.onSearchChange(e.target.value)}
        inputProps={{ 'aria-label': 'Search by product name', maxLength: 200 }}
        startAdornment={
          <InputAdornment position="start">
            <Search fontSize="small" aria-hidden />
          </InputAdornment>
        }
      />
      <BookingDateRange
        from={props.dates.from_date}
        to={props.dates.to_date}
        onChange={props.onDatesChange}
        rules={rules}
      />
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          justifyContent: { xs: 'space-between', md: 'flex-end' },
        }}
      >
        <FormControlLabel
          control={
            <Checkbox
              size="small"
              checked={props.flexible}
              onChange={(e) => props.onFlexibleChange(e.target.checked)}
            />
          }
          label="Flexible with Date"
          sx={{ mr: 0, whiteSpace: 'nowrap' }}
        />
        <Button type="submit" variant="contained" startIcon={<Search />}>
          Search
        </Button>
      </Box>
    </Paper>
  );
}
