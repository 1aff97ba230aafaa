import { ExpandMore } from '@mui/icons-material';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  FormGroup,
  Skeleton,
  Slider,
  Stack,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { type FilterDefinition, formatCount } from '@ooh/shared';
import { useEffect, useState } from 'react';
import {
  countActive,
  optionLabel,
  optionValue,
  rangeValue,
  type SelectedFilters,
  setRange,
  toggleCategory,
} from '../lib/filters/filter-state';

export interface FilterPanelProps {
  definitions: readonly FilterDefinition[] | undefined;
  loading?: boolean;
  selected: SelectedFilters;
  onChange(next: SelectedFilters): void;
  onClearAll(): void;
}

/**
 * The filter panel of docs/product-spec.md section 2: "Filters" with the number of active filters and Clear All; one
 * expandable section per filter (several may be open at once); checkbox lists for category filters and a
 * two-thumb slider (step 1, min..max by default) for range filters.
 */
export function FilterPanel({ definitions, loading, selected, onChange, onClearAll }: FilterPanelProps) {
  const active = definitions ? countActive(definitions, selected) : 0;
  // Beside the grid the first section starts open; above it (phones, tablets) all start closed.
  const wide = useMediaQuery(useTheme().breakpoints.up('md'), { noSsr: true });
  return (
    <Box component="section" aria-labelledby="filters-heading">
      <Stack direction="row" sx={{ mb: 1, alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography id="filters-heading" variant="h6" component="h2">
          Filters{' '}
          <Box component="span" sx={{ color: 'text.secondary', fontWeight: 500 }}>
            ({active})
          </Box>
        </Typography>
        {/* Never disabled: the filters in the address can be cleared before their definitions arrive, and a
            button turning from grey to blue as they do was caught mid-fade by the accessibility check. */}
        <Button size="small" onClick={onClearAll}>
          Clear All
        </Button>
      </Stack>
      {loading || !definitions
        ? // One per filter group (the API has six), as tall as a closed accordion: nothing moves when they come.
          [0, 1, 2, 3, 4, 5].map((i) => <Skeleton key={i} variant="rounded" height={50} sx={{ mb: 1 }} />)
        : definitions.map((d, index) => (
            <Accordion
              key={d.name}
              defaultExpanded={wide && index === 0}
              disableGutters
              variant="outlined"
              sx={{ mb: 1 }}
            >
              <AccordionSummary
                expandIcon={<ExpandMore />}
                id={`filter-${d.name}-header`}
                aria-controls={`filter-${d.name}`}
              >
                <Typography sx={{ fontWeight: 600 }}>{d.display_name}</Typography>
              </AccordionSummary>
              <AccordionDetails id={`filter-${d.name}`}>
                {d.type === 'category' ? (
                  <CategoryOptions definition={d} selected={selected} onChange={onChange} />
                ) : (
                  <RangeOption definition={d} selected={selected} onChange={onChange} />
                )}
              </AccordionDetails>
            </Accordion>
          ))}
    </Box>
  );
}

interface OptionProps {
  definition: FilterDefinition;
  selected: SelectedFilters;
  onChange(next: SelectedFilters): void;
}

function CategoryOptions({ definition, selected, onChange }: OptionProps) {
  const chosen = selected[definition.name];
  const isChecked = (value: string) => Array.isArray(chosen) && (chosen as unknown[]).includes(value);
  if (definition.values.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        Nothing to choose yet.
      </Typography>
    );
  }
  return (
    <FormGroup
      role="group"
      aria-label={definition.display_name}
      sx={{ maxHeight: 260, overflowY: 'auto', flexWrap: 'nowrap' }}
    >
      {definition.values.map((option) => {
        const value = optionValue(option);
        return (
          <FormControlLabel
            key={value}
            control={
              <Checkbox
                size="small"
                checked={isChecked(value)}
                onChange={(e) => onChange(toggleCategory(selected, definition.name, value, e.target.checked))}
              />
            }
            label={optionLabel(option)}
          />
        );
      })}
    </FormGroup>
  );
}

function RangeOption({ definition, selected, onChange }: OptionProps) {
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
