import { ZoomOutMap } from '@mui/icons-material';
import { Box, ButtonBase, Stack, Typography } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useOpenedOnce } from '../lib/use-opened-once';

// The zoom-and-rotate preview (MUI Dialog, tooltips) loads when first opened, not with every product page.
const ImagePreviewDialog = lazy(() => import('./image-preview-dialog'));

export interface ImageGalleryProps {
  images: string[];
  /** Describes the images: "Marine Drive lamp post, photo 2 of 3". */
  alt: string;
  /** Height of the main image. */
  height?: number | { xs: number; md: number };
}

/** A main image with thumbnails; the main image opens a preview that zooms and rotates. */
export function ImageGallery({ images, alt, height = { xs: 260, md: 420 } }: ImageGalleryProps) {
  const [index, setIndex] = useState(0);
  const [open, setOpen] = useState(false);
  const previewLoaded = useOpenedOnce(open);
  const list = images.length ? images : [];
  const current = list[Math.min(index, list.length - 1)];
  const altFor = (i: number) => (list.length > 1 ? `${alt}, photo ${i + 1} of ${list.length}` : alt);

  if (!current) {
    return (
      <Box
        sx={{ height, borderRadius: 2, bgcolor: 'grey.200', display: 'grid', placeItems: 'center' }}
        role="img"
        aria-label={`${alt}: no photo yet`}
      >
        <Typography color="text.secondary">No photo yet</Typography>
      </Box>
    );
  }

  return (
    <Box>
      <ButtonBase
        onClick={() => setOpen(true)}
        aria-label="Open image preview"
        sx={{ display: 'block', width: '100%', borderRadius: 2, overflow: 'hidden', position: 'relative' }}
      >
        <Box
          component="img"
          src={current}
          alt={altFor(index)}
          // The page's main picture: ahead of the thumbnails and the code on a slow link.
          fetchPriority="high"
          sx={{ display: 'block', width: '100%', height, objectFit: 'cover', bgcolor: 'grey.200' }}
        />
        <Box
          aria-hidden
          sx={{
            position: 'absolute',
            right: 12,
            bottom: 12,
            bgcolor: 'rgba(0,0,0,0.6)',
            color: '#fff',
            borderRadius: 1,
            p: 0.5,
            display: 'flex',
          }}
        >
          <ZoomOutMap fontSize="small" />
        </Box>
      </ButtonBase>
      {list.length > 1 ? (
        <Stack
          component="ul"
          direction="row"
          spacing={1}
          sx={{ mt: 1, overflowX: 'auto', pb: 0.5, listStyle: 'none', pl: 0, mb: 0 }}
          aria-label="Photos"
        >
          {list.map((src, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the same photo may appear twice; the position is its identity
            <Box component="li" key={`${src}-${i}`} sx={{ flex: '0 0 auto' }}>
              <ButtonBase
                onClick={() => setIndex(i)}
                aria-label={`Show photo ${i + 1} of ${list.length}`}
                aria-current={i === index ? 'true' : undefined}
                sx={{
                  borderRadius: 1,
                  overflow: 'hidden',
                  outline: i === index ? '3px solid' : '1px solid',
                  outlineColor: i === index ? 'primary.main' : 'divider',
                  outlineOffset: -1,
                }}
              >
                <Box
                  component="img"
                  src={src}
                  alt=""
                  fetchPriority="low"
                  sx={{ width: 84, height: 60, objectFit: 'cover', display: 'block' }}
                />
              </ButtonBase>
            </Box>
          ))}
        </Stack>
      ) : null}
      {previewLoaded ? (
        <Suspense fallback={null}>
          <ImagePreviewDialog open={open} onClose={() => setOpen(false)} src={current} alt={altFor(index)} />
        </Suspense>
      ) : null}
    </Box>
  );
}
