import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { Box, Chip, CircularProgress, Paper, Stack, Typography } from '@mui/material';
import { formatDateTimeIst, formatDistance, type Proof } from '@ooh/shared';
import { lazy, Suspense } from 'react';
import { usePrivateFileUrl } from '../../lib/private-file';
import { ClientOnly } from '../../lib/use-hydrated';

const ProofMap = lazy(() => import('./proof-map'));
const PROOF_MAP_PLACE = <Box sx={{ height: 160, bgcolor: 'grey.100', borderRadius: 1 }} />;

/** "30 Nov 2026, 10:15 am IST". */
export const formatIstTime = (iso: string) => `${formatDateTimeIst(iso)} IST`;

/** "Verified", or "Unverified" with every reason beneath: a proof is never shown without its checks. */
export function ProofVerdict({ proof }: { proof: Proof }) {
  if (proof.verified) {
    return (
      <Chip
        color="success"
        size="small"
        icon={<CheckCircleIcon />}
        label="Verified"
        data-testid="proof-verdict"
        sx={{ alignSelf: 'flex-start' }}
      />
    );
  }
  return (
    <Box>
      <Chip
        size="small"
        icon={<ErrorOutlineIcon />}
        label="Unverified"
        data-testid="proof-verdict"
        // Dark orange under white text: the warning palette's own orange is too light for small text.
        sx={{ bgcolor: '#9a3412', color: 'common.white', '& .MuiChip-icon': { color: 'common.white' } }}
      />
      <Box component="ul" sx={{ m: 0, mt: 0.75, pl: 2.5 }} aria-label="Why unverified">
        {proof.reasons.map((r) => (
          <Typography component="li" variant="body2" key={r.code} data-testid="proof-reason">
            {r.message}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}

/**
 * Where the photo seems to come from, as a hint beside the checks (it changes no verdict): the camera its
 * EXIF names, or that it carries no EXIF at all, as photos passed on through a messaging app do.
 */
export function ProofSource({ proof }: { proof: Proof }) {
  if (proof.exif_stripped) {
    return (
      <Typography variant="body2" color="text.secondary" data-testid="proof-source">
        No camera data in the photo: it may have been sent through a messaging app, which removes it. A hint,
        not a verdict.
      </Typography>
    );
  }
  if (!proof.camera) return null;
  return (
    <Typography variant="body2" color="text.secondary" data-testid="proof-source">
      Camera: {proof.camera}
    </Typography>
  );
}

function ProofPhoto({ proof, label }: { proof: Proof; label: string }) {
  const image = usePrivateFileUrl(proof.image_url);
  return (
    <Box
      sx={{
        aspectRatio: '4 / 3',
        bgcolor: 'grey.100',
        borderRadius: 1,
        overflow: 'hidden',
        display: 'grid',
        placeItems: 'center',
      }}
    >
      {image.src !== null && (
        <Box
          component="img"
          src={image.src}
          alt={label}
          sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
        />
      )}
      {image.src === null && !image.failed && <CircularProgress size={24} aria-label="Loading the photo" />}
      {image.failed && (
        <Typography variant="body2" color="text.secondary">
          The photo could not be loaded.
        </Typography>
      )}
    </Box>
  );
}

export interface ProofCardProps {
  proof: Proof;
  site: { name: string; latitude: number | null; longitude: number | null };
}

/** One proof photo: the picture, its verdict, when (IST) and how far, and a small map of site and photo. */
export function ProofCard({ proof, site }: ProofCardProps) {
  const sitePoint =
    site.latitude !== null && site.longitude !== null
      ? { latitude: site.latitude, longitude: site.longitude }
      : null;
  const photoPoint =
    proof.latitude !== null && proof.longitude !== null
      ? { latitude: proof.latitude, longitude: proof.longitude }
      : null;
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="proof-card">
      <Stack spacing={1.25}>
        <ProofPhoto proof={proof} label={`Proof photo of ${site.name}`} />
        <ProofVerdict proof={proof} />
        <Typography variant="body2" color="text.secondary">
          {proof.taken_at ? `Taken ${formatIstTime(proof.taken_at)}` : 'No time in the photo'}
          {proof.distance_m !== null ? ` · ${formatDistance(proof.distance_m)} from the site` : ''}
        </Typography>
        <ProofSource proof={proof} />
        <Typography variant="caption" color="text.secondary">
          Posted {formatIstTime(proof.uploaded_at)}
        </Typography>
        {sitePoint && (
          // Leaflet needs a window: a page rendered on the server (the buyer's order) draws the map's place.
          <ClientOnly fallback={PROOF_MAP_PLACE}>
            <Suspense fallback={PROOF_MAP_PLACE}>
              <ProofMap site={sitePoint} photo={photoPoint} />
            </Suspense>
          </ClientOnly>
        )}
      </Stack>
    </Paper>
  );
}
