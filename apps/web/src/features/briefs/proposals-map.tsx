import { Box, Typography } from '@mui/material';
import type { Proposal } from '@ooh/shared';
import { SiteLocations } from '../../components/site-locations';

/** Each proposal line as the map names it: the site, its code and whose proposal it is. */
export const proposalSites = (proposals: readonly Proposal[]) =>
  proposals.flatMap((p) =>
    p.lines.map((l) => ({
      name: `${l.name} (${l.site_code}), ${p.owner.name}`,
      latitude: l.latitude,
      longitude: l.longitude,
    })),
  );

/**
 * Every proposal's sites on one map (decision 086), a marker per line named with the site and its owner, so
 * the buyer compares where the offers are as well as their prices. The map is the catalogue's (Leaflet,
 * drawn without tiles unless MAP_TILE_URL) through components/site-locations.tsx: a lazy chunk loaded in the
 * browser as the map nears the screen, a placeholder in the server's render, so nothing of it runs before
 * hydration.
 */
export function ProposalsMap({ proposals }: { proposals: readonly Proposal[] }) {
  const sites = proposalSites(proposals);
  if (!sites.length) return null;
  return (
    <Box component="section" aria-labelledby="proposals-map-heading" sx={{ mb: 3 }}>
      <Typography id="proposals-map-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
        Where the proposed sites are
      </Typography>
      <SiteLocations sites={sites} height={360} />
    </Box>
  );
}
