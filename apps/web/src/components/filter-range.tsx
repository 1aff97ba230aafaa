import { Box, Slider, Stack, Typography } from '@mui/material';
import { type FilterDefinition, formatCount } from '@ooh/shared';
import { useEffect, useState } from 'react';
import { rangeValue, type SelectedFilters, setRange } from '../lib/filters/filter-state';

export interface OptionProps {
  definition: FilterDefinition;
  selected: SelectedFilters;
  onChange(next: SelectedFilters): void;
}

/**
 * A range filter's two-thumb slider (step 1, min..max by default). Its own file: MUI's Slider is ~5 KB
 * (brotli), loaded when a range section is first opened, not with the customize page (docs/decisions/058).
 */
export default function RangeOption({ definition, selected, onChange }: OptionProps) {
  const committed = rangeValue(definition, selected);
  // The thumbs move locally while dragging; the list is asked again only when a thumb is let go.
  const [draft, setDraft] = useState<[number, number]>(committed);
  const [lo, hi] = committed;
  // A new range from outside (the address, Clear all) moves the thumbs; the same one keeps the state as it is.
  useEffect(() => setDraft((d) => (d[0] === lo && d[1] === hi ? d : [lo, hi])), [lo, hi]);
  if (definition.type !== 'range') return null;
  const unit = definition.name === 'price' ? ' (₹ per day)' : '';
  return (
    <Box sx={{ px: 1.5 }}>
      <Slider
        value={draft}
        min={definition.min}
        max={definition.max}
        step={1}
        disableSwap
        valueLabelDisplay="auto"
        valueLabelFormat={formatCount}
        getAriaLabel={(i) => `${definition.display_name} ${i === 0 ? 'minimum' : 'maximum'}`}
        getAriaValueText={formatCount}
        onChange={(_, v) => setDraft(v as [number, number])}
        onChangeCommitted={(_, v) => onChange(setRange(selected, definition.name, v as [number, number]))}
      />
      <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
        <Typography variant="body2" color="text.secondary">
          {formatCount(draft[0])}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {formatCount(draft[1])}
          {unit}
        </Typography>
      </Stack>
    </Box>
  );
}
