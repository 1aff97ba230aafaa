import { ExpandMore } from '@mui/icons-material';
import {
  Box,
  Button,
  ButtonBase,
  Checkbox,
  FormControlLabel,
  Paper,
  Skeleton,
  Stack,
  Typography,
  useMediaQuery,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import type { FilterDefinition } from '@ooh/shared';
import { lazy, Suspense, useState } from 'react';
import {
  countActive,
  optionLabel,
  optionValue,
  type SelectedFilters,
  toggleCategory,
} from '../lib/filters/filter-state';
import { useOpenedOnce } from '../lib/use-opened-once';
import type { OptionProps } from './filter-range';

const RangeOption = lazy(() => import('./filter-range'));

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
            <FilterSection
              key={d.name}
              id={`filter-${d.name}`}
              title={d.display_name}
              openOnWide={index === 0}
            >
              {d.type === 'category' ? (
                <CategoryOptions definition={d} selected={selected} onChange={onChange} />
              ) : (
                <Suspense fallback={<Skeleton variant="rounded" height={56} />}>
                  <RangeOption definition={d} selected={selected} onChange={onChange} />
                </Suspense>
              )}
            </FilterSection>
          ))}
    </Box>
  );
}

/**
 * One filter's section: a button that opens and closes it (aria-expanded, as MUI's Accordion), and its
 * options. MUI's Accordion and its Collapse animation were 4.5 KB (brotli) of the customize page's first
 * load for a section that opens in place (docs/decisions/058).
 */
function FilterSection({
  id,
  title,
  openOnWide,
  children,
}: {
  id: string;
  title: string;
  /** Beside the grid (md and up) the first section starts open; above it (phones, tablets) all start closed. */
  openOnWide: boolean;
  children: React.ReactNode;
}) {
  // Until someone opens or closes it, a section follows the screen. The server does not know the screen, so a
  // CSS media query shows the first section on a wide one from the first paint, and aria-expanded follows
  // once hydrated: the HTML and the hydrating render are the same, and nothing moves.
  const [chosen, setChosen] = useState<boolean | null>(null);
  const wide = useMediaQuery(useTheme().breakpoints.up('md'));
  const byScreen = chosen === null && openOnWide;
  const open = chosen ?? (openOnWide && wide);
  // A section's options are drawn when it is first opened (then kept, so its state survives closing).
  const drawn = useOpenedOnce(open || byScreen);
  return (
    <Paper variant="outlined" sx={{ mb: 1 }}>
      <ButtonBase
        id={`${id}-header`}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setChosen(!open)}
        sx={{
          width: '100%',
          minHeight: 48,
          px: 2,
          justifyContent: 'space-between',
          textAlign: 'left',
          borderRadius: 'inherit',
          '&.Mui-focusVisible': { bgcolor: 'action.focus' },
        }}
      >
        <Typography component="span" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <ExpandMore
          aria-hidden
          sx={{
            color: 'action.active',
            transform: open ? 'rotate(180deg)' : 'none',
            transition: 'transform 150ms',
          }}
        />
      </ButtonBase>
      <Box
        id={id}
        role="region"
        aria-labelledby={`${id}-header`}
        hidden={!open && !byScreen}
        sx={{ px: 2, pb: 2, pt: 1, ...(byScreen && { display: { xs: 'none', md: 'block' } }) }}
      >
        {drawn ? children : null}
      </Box>
    </Paper>
  );
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
    <Box
      role="group"
      aria-label={definition.display_name}
      sx={{ display: 'flex', flexDirection: 'column', maxHeight: 260, overflowY: 'auto' }}
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
    </Box>
  );
}
