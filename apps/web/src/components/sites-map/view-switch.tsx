import { ListAlt, Map as MapIcon } from '@mui/icons-material';
import { ToggleButton, ToggleButtonGroup } from '@mui/material';

export type ResultsView = 'list' | 'map';

/** The List / Map switch of a result list (DESIGN.md section 12); the list is the default. */
export function ViewSwitch({ view, onChange }: { view: ResultsView; onChange(view: ResultsView): void }) {
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={view}
      onChange={(_, next: ResultsView | null) => next && onChange(next)}
      aria-label="Show the sites as"
    >
      <ToggleButton value="list" aria-label="List">
        <ListAlt fontSize="small" sx={{ mr: 0.75 }} />
        List
      </ToggleButton>
      <ToggleButton value="map" aria-label="Map">
        <MapIcon fontSize="small" sx={{ mr: 0.75 }} />
        Map
      </ToggleButton>
    </ToggleButtonGroup>
  );
}
