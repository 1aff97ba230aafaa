import { Search } from '@mui/icons-material';
import { Button, InputAdornment, Stack } from '@mui/material';
import type { FilterDefinition } from '@ooh/shared';
import { Form } from 'react-router';
import { ChoiceField } from '../../../components/choice-field';
import { TextInput } from '../../../components/text-input';
import { optionLabel, optionValue } from '../../../lib/filters/filter-state';
import { CPM_CHOICES, IMPRESSION_CHOICES, type ListOrder, SORT_CHOICES } from '../list-order';

export interface ProductFilterValues extends ListOrder {
  search: string;
  category: string;
  state: string;
}

/** The second row: how the list is ordered and its audience filters (DESIGN section 20). */
const ORDER_FIELDS = [
  { name: 'ordering', label: 'Sort by', choices: SORT_CHOICES },
  { name: 'cpm', label: 'CPM a day (before GST)', choices: CPM_CHOICES },
  { name: 'impression', label: 'Impressions a day', choices: IMPRESSION_CHOICES },
] as const;

export interface ProductFiltersProps {
  values: ProductFilterValues;
  definitions: readonly FilterDefinition[] | undefined;
  onChange(next: ProductFilterValues): void;
  onClear(): void;
  /** The search field, read when the app starts, so text typed before it is kept (lib/use-url-query.ts). */
  searchRef?: React.Ref<HTMLInputElement>;
  /** The address's other choices (dates, the map view), sent again with the form. */
  keep?: Record<string, string>;
}

/**
 * The product list's simple filters: free-text search, one category and one state, and below them the sort
 * (CPM, impressions) and the audience filters. A real GET form of
 * /products (React Router's Form): before the app has started, or with scripts off, Search sends it and the
 * server answers with the results page; once started, the list follows each change as it is made, and
 * Search applies the form at once.
 */
export function ProductFilters({
  values,
  definitions,
  onChange,
  onClear,
  searchRef,
  keep = {},
}: ProductFiltersProps) {
  const optionsOf = (name: string) =>
    definitions?.find((d) => d.name === name && d.type === 'category')?.values ?? [];
  const active = Object.values(values).some((v) => v !== '');

  return (
    <Form method="get" action="/products" role="search" aria-label="Find sites">
      {Object.entries(keep).map(([name, value]) =>
        value ? <input key={name} type="hidden" name={name} value={value} /> : null,
      )}
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ alignItems: { xs: 'stretch', md: 'center' } }}
      >
        <TextInput
          type="search"
          name="search"
          inputRef={searchRef}
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
            name={name}
            size="small"
            label={name === 'category' ? 'Media type' : 'State'}
            value={values[name]}
            onChange={(value) => onChange({ ...values, [name]: value })}
            choices={[
              { value: '', label: name === 'category' ? 'All media types' : 'All states' },
              ...optionsOf(name).map((option) => ({
                value: optionValue(option),
                label: optionLabel(option),
              })),
            ]}
            sx={{ flex: 1, minWidth: 180 }}
          />
        ))}
        <Button type="submit" variant="contained" sx={{ flexShrink: 0 }}>
          Search
        </Button>
        <Button onClick={onClear} disabled={!active} sx={{ flexShrink: 0 }}>
          Clear filters
        </Button>
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 2 }}>
        {ORDER_FIELDS.map((field) => (
          <ChoiceField
            key={field.name}
            name={field.name}
            size="small"
            label={field.label}
            value={values[field.name]}
            onChange={(value) => onChange({ ...values, [field.name]: value })}
            choices={field.choices}
            sx={{ flex: 1, minWidth: 0, maxWidth: { sm: 280 } }}
          />
        ))}
      </Stack>
    </Form>
  );
}
