import { Search } from '@mui/icons-material';
import { Button, InputAdornment, Stack } from '@mui/material';
import type { FilterDefinition } from '@ooh/shared';
import { ChoiceField } from '../../../components/choice-field';
import { TextInput } from '../../../components/text-input';
import { optionLabel, optionValue } from '../../../lib/filters/filter-state';

export interface ProductFilterValues {
  search: string;
  category: string;
  state: string;
}

export interface ProductFiltersProps {
  values: ProductFilterValues;
  definitions: readonly FilterDefinition[] | undefined;
  onChange(next: ProductFilterValues): void;
  onClear(): void;
}

/** The product list's simple filters: free-text search, one category and one state. */
export function ProductFilters({ values, definitions, onChange, onClear }: ProductFiltersProps) {
  const optionsOf = (name: string) =>
    definitions?.find((d) => d.name === name && d.type === 'category')?.values ?? [];
  const active = values.search !== '' || values.category !== '' || values.state !== '';

  return (
    <Stack
      component="form"
      role="search"
      aria-label="Find sites"
      onSubmit={(e: React.FormEvent) => e.preventDefault()}
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      sx={{ alignItems: { xs: 'stretch', md: 'center' } }}
    >
      <TextInput
        type="search"
        label="Search sites"
        placeholder="Name, road, city or site code"
        size="small"
        value={values.search}
        onChange={(e) => onChange({ ...values, search: e.target.value })}
        sx={{ flex: 2, minWidth: 0 }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Search aria-hidden />
              </InputAdornment>
            ),
          },
          htmlInput: { maxLength: 200 },
        }}
      />
      {(['category', 'state'] as const).map((name) => (
        <ChoiceField
          key={name}
          size="small"
          label={name === 'category' ? 'Media type' : 'State'}
          value={values[name]}
          onChange={(value) => onChange({ ...values, [name]: value })}
          choices={[
            { value: '', label: name === 'category' ? 'All media types' : 'All states' },
            ...optionsOf(name).map((option) => ({ value: optionValue(option), label: optionLabel(option) })),
          ]}
          sx={{ flex: 1, minWidth: 180 }}
        />
      ))}
      <Button onClick={onClear} disabled={!active} sx={{ flexShrink: 0 }}>
        Clear filters
      </Button>
    </Stack>
  );
}
