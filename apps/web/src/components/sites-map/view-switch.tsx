import { ListAlt, Map as MapIcon } from '@mui/icons-material';
import { Button, Stack } from '@mui/material';

export type ResultsView = 'list' | 'map';

/**
 * The List / Map switch of a result list (docs/product-rules.md section 12); the list is the default. Two pressed/unpressed
 * buttons from what the page already loads (no toggle-button code on the first load of /products).
 */
export function ViewSwitch({ view, onChange }: { view: ResultsView; onChange(view: ResultsView): void }) {
  const option = (value: ResultsView, label: string, icon: React.ReactNode) => (
    <Button
      aria-pressed={view === value}
      size="small"
      disableElevation
      variant={view === value ? 'contained' : 'outlined'}
      startIcon={icon}
      onClick={() => view !== value && onChange(value)}
    >
      {label}
    </Button>
  );
  return (
    <Stack direction="row" spacing={1} role="group" aria-label="Show the sites as">
      {option('list', 'List', <ListAlt fontSize="small" />)}
      {option('map', 'Map', <MapIcon fontSize="small" />)}
    </Stack>
  );
}
