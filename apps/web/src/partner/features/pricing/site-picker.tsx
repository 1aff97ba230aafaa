import { Box, Checkbox, FormControlLabel, FormHelperText, Typography } from '@mui/material';
import type { PartnerSitePage } from '@ooh/shared';

type PartnerSite = PartnerSitePage['results'][number];

/**
 * The owner's sites as native checkboxes named `product_id` (a plain form sends every ticked one), in a box
 * that scrolls past a dozen. `ticked` is what a refused submission had, so nothing typed is lost.
 */
export function SitePicker({
  legend,
  hint,
  sites,
  ticked,
  error,
  idPrefix,
}: {
  legend: string;
  hint: string;
  sites: readonly PartnerSite[];
  ticked: ReadonlySet<number>;
  error?: string;
  idPrefix: string;
}) {
  const hintId = `${idPrefix}-sites-hint`;
  return (
    <Box component="fieldset" aria-describedby={hintId} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2">
        {legend}
      </Typography>
      <FormHelperText id={hintId} error={Boolean(error)} sx={{ mt: 0, mb: 0.5 }}>
        {error ?? hint}
      </FormHelperText>
      {sites.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No sites to choose from.
        </Typography>
      ) : (
        <Box
          sx={{
            maxHeight: 240,
            overflowY: 'auto',
            border: 1,
            borderColor: error ? 'error.main' : 'divider',
            borderRadius: 1,
            px: 1,
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
          }}
        >
          {sites.map((site) => (
            <FormControlLabel
              key={site.id}
              control={
                <Checkbox
                  name="product_id"
                  value={String(site.id)}
                  defaultChecked={ticked.has(site.id)}
                  size="small"
                />
              }
              label={
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {site.name} · {site.city}
                  {site.status === 'live' ? '' : ` (${site.status})`}
                </Typography>
              }
              sx={{ mr: 0, minWidth: 0 }}
            />
          ))}
        </Box>
      )}
    </Box>
  );
}
