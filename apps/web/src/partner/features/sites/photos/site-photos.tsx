import { AddAPhoto, Delete, Refresh, Star, StarBorder } from '@mui/icons-material';
import {
  Alert,
  Box,
  Button,
  Chip,
  IconButton,
  LinearProgress,
  Paper,
  Tooltip,
  Typography,
} from '@mui/material';
import { type PartnerSite, SITE_PHOTO_MAX_BYTES, SITE_PHOTO_TYPES, SITE_PHOTOS_MAX } from '@ooh/shared';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useNotify } from '../../../../components/notify';
import { usePhotoMutations } from '../../../api/sites';
import { ToneChip } from '../../../components/site-status';
import { acceptFiles, type UploadItem, useUploadQueue } from './upload-queue';

/** A local preview of a file being sent, released when it leaves the screen. */
function useObjectUrl(file: File): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const u = URL.createObjectURL(file);
    setUrl(u);
    return () => URL.revokeObjectURL(u);
  }, [file]);
  return url;
}

function QueuedPhoto({ item, onRetry, onDismiss }: { item: UploadItem; onRetry(): void; onDismiss(): void }) {
  const url = useObjectUrl(item.file);
  return (
    <Paper variant="outlined" component="li" sx={{ p: 1, display: 'flex', gap: 1.5, alignItems: 'center' }}>
      <Box
        sx={{
          width: 56,
          height: 56,
          flexShrink: 0,
          borderRadius: 1,
          bgcolor: 'grey.100',
          overflow: 'hidden',
        }}
      >
        {url ? (
          <Box component="img" src={url} alt="" sx={{ width: 1, height: 1, objectFit: 'cover' }} />
        ) : null}
      </Box>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body2" noWrap title={item.file.name}>
          {item.file.name}
        </Typography>
        {item.status === 'error' ? (
          <Typography variant="body2" color="error">
            {item.error}
          </Typography>
        ) : (
          <>
            <LinearProgress
              variant={item.status === 'queued' ? 'indeterminate' : 'determinate'}
              value={item.progress}
              aria-label={`Uploading ${item.file.name}`}
              sx={{ mt: 0.5 }}
            />
            <Typography variant="caption" color="text.secondary">
              {item.status === 'queued'
                ? 'Waiting…'
                : item.progress >= 100
                  ? 'Processing…'
                  : `${item.progress}% uploaded`}
            </Typography>
          </>
        )}
      </Box>
      {item.status === 'error' ? (
        <Box sx={{ display: 'flex' }}>
          <IconButton onClick={onRetry} aria-label={`Retry ${item.file.name}`}>
            <Refresh />
          </IconButton>
          <IconButton onClick={onDismiss} aria-label={`Remove ${item.file.name} from the list`}>
            <Delete />
          </IconButton>
        </Box>
      ) : null}
    </Paper>
  );
}

/**
 * A saved site's photos (docs/product-rules.md section 8): several chosen at once (the camera on phones), each checked
 * here for type and size, sent one by one with its progress; thumbnails to delete or make the cover (the
 * first photo is the cover).
 */
/** `readOnly`: the photos only, nothing to add, reorder or delete (a field member, a suspended owner). */
export function SitePhotos({ site, readOnly = false }: { site: PartnerSite; readOnly?: boolean }) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const { confirm } = useNotify();
  const { remove, cover, refresh } = usePhotoMutations(site.id);
  const queue = useUploadQueue(site.id, () => void refresh());
  const [rejected, setRejected] = useState<string[]>([]);
  const photos = useMemo(
    () => site.photos.filter((p) => p.status !== 'removed').sort((a, b) => a.position - b.position),
    [site.photos],
  );
  const room = SITE_PHOTOS_MAX - photos.length - queue.active;
  const [actionError, setActionError] = useState<string | null>(null);

  const choose = (files: FileList | null) => {
    if (!files?.length) return;
    const { accepted, rejected: problems } = acceptFiles(Array.from(files), room);
    setRejected(problems);
    queue.add(accepted);
    if (input.current) input.current.value = '';
  };

  const act = async (run: () => Promise<unknown>, failure: string) => {
    setActionError(null);
    try {
      await run();
    } catch (err) {
      setActionError(err instanceof Error ? err.message : failure);
    }
  };

  const pending = queue.items.filter((i) => i.status !== 'done');
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flex: '1 1 auto' }}>
          Photos ({photos.length} of {SITE_PHOTOS_MAX})
        </Typography>
        {readOnly ? null : (
          <>
            <input
              ref={input}
              id={inputId}
              type="file"
              multiple
              accept={SITE_PHOTO_TYPES.join(',')}
              onChange={(e) => choose(e.target.files)}
              // The button below opens it; a hidden input is out of the tab order and the accessibility tree.
              hidden
              aria-label="Choose photos"
            />
            <Button
              variant="contained"
              startIcon={<AddAPhoto />}
              onClick={() => input.current?.click()}
              disabled={room <= 0}
            >
              Add photos
            </Button>
          </>
        )}
      </Box>
      {readOnly ? null : (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          JPEG, PNG or WebP, up to {SITE_PHOTO_MAX_BYTES / 1024 / 1024} MB each. The first photo is the cover
          buyers see. New photos of a live site are shown after our review.
        </Typography>
      )}
      {rejected.length ? (
        <Alert severity="warning" onClose={() => setRejected([])} sx={{ mb: 2 }}>
          {rejected.map((r) => (
            <Box key={r}>{r}</Box>
          ))}
        </Alert>
      ) : null}
      {actionError ? (
        <Alert severity="error" onClose={() => setActionError(null)} sx={{ mb: 2 }}>
          {actionError}
        </Alert>
      ) : null}
      {pending.length ? (
        <Box
          component="ul"
          aria-label="Uploads"
          sx={{ listStyle: 'none', p: 0, m: 0, mb: 2, display: 'grid', gap: 1 }}
        >
          {pending.map((item) => (
            <QueuedPhoto
              key={item.key}
              item={item}
              onRetry={() => queue.retry(item.key)}
              onDismiss={() => queue.dismiss(item.key)}
            />
          ))}
        </Box>
      ) : null}
      {photos.length === 0 && !pending.length ? (
        <Box
          sx={{
            border: 2,
            borderStyle: 'dashed',
            borderColor: 'divider',
            borderRadius: 2,
            p: 4,
            textAlign: 'center',
          }}
        >
          <Typography color="text.secondary">
            {readOnly ? 'No photos yet.' : 'No photos yet. Add a few clear daytime photos of the site.'}
          </Typography>
        </Box>
      ) : (
        <Box
          component="ul"
          aria-label="Saved photos"
          sx={{
            listStyle: 'none',
            p: 0,
            m: 0,
            display: 'grid',
            gap: 1.5,
            gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', lg: 'repeat(4, 1fr)' },
          }}
        >
          {photos.map((photo, index) => (
            <Box component="li" key={photo.id} sx={{ position: 'relative' }}>
              <Box
                component="img"
                src={photo.url}
                alt={`Photo ${index + 1}${index === 0 ? ' (cover)' : ''}`}
                loading="lazy"
                sx={{
                  width: 1,
                  aspectRatio: '4 / 3',
                  objectFit: 'cover',
                  borderRadius: 1,
                  display: 'block',
                  bgcolor: 'grey.100',
                }}
              />
              <Box sx={{ position: 'absolute', top: 6, left: 6, display: 'flex', gap: 0.5 }}>
                {index === 0 ? <Chip size="small" label="Cover" color="primary" /> : null}
                {photo.status === 'pending' ? <ToneChip label="In review" tone="review" /> : null}
              </Box>
              <Box sx={{ display: readOnly ? 'none' : 'flex', justifyContent: 'flex-end', mt: 0.5 }}>
                {index > 0 ? (
                  <Tooltip title="Make cover">
                    <IconButton
                      size="small"
                      aria-label={`Make photo ${index + 1} the cover`}
                      disabled={cover.isPending}
                      onClick={() =>
                        void act(() => cover.mutateAsync(photo.id), 'We could not change the cover.')
                      }
                    >
                      <StarBorder />
                    </IconButton>
                  </Tooltip>
                ) : (
                  <Star color="primary" aria-hidden sx={{ m: 0.625 }} />
                )}
                <Tooltip title="Delete">
                  <IconButton
                    size="small"
                    aria-label={`Delete photo ${index + 1}`}
                    disabled={remove.isPending}
                    onClick={() =>
                      void act(async () => {
                        if (await confirm('Delete this photo? This cannot be undone.', 'Delete photo')) {
                          await remove.mutateAsync(photo.id);
                        }
                      }, 'We could not delete the photo.')
                    }
                  >
                    <Delete />
                  </IconButton>
                </Tooltip>
              </Box>
            </Box>
          ))}
        </Box>
      )}
    </Paper>
  );
}
