import { Close, RotateRight, ZoomIn, ZoomOut } from '@mui/icons-material';
import { Box, Dialog, DialogContent, DialogTitle, IconButton, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';

/** Zoom steps of 0.1 between 0.5 and 1.5 and quarter turns (docs/product-spec.md section 2, product detail page). */
const ZOOM_STEP = 0.1;
const ZOOM_MIN = 0.5;
const ZOOM_MAX = 1.5;
const ROTATE_STEP = 90;

// Rounded to one decimal so ten steps of 0.1 land exactly on 1.5 rather than 1.4999.
const clampZoom = (z: number) => Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, Math.round(z * 10) / 10));

/** The image preview of the product page: zoom in steps of 0.1 between 0.5 and 1.5, quarter turns. */
export default function ImagePreviewDialog(props: {
  open: boolean;
  onClose(): void;
  src: string;
  alt: string;
}) {
  const [zoom, setZoom] = useState(1);
  const [rotation, setRotation] = useState(0);
  const reset = () => {
    setZoom(1);
    setRotation(0);
  };

  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      maxWidth="lg"
      fullWidth
      aria-labelledby="image-preview-title"
      slotProps={{ transition: { onExited: reset } }}
    >
      <DialogTitle id="image-preview-title" sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 1 }}>
        <Box sx={{ flexGrow: 1 }}>Image preview</Box>
        <Tooltip title="Zoom out">
          <span>
            <IconButton
              aria-label="Zoom out"
              onClick={() => setZoom((z) => clampZoom(z - ZOOM_STEP))}
              disabled={zoom <= ZOOM_MIN}
            >
              <ZoomOut />
            </IconButton>
          </span>
        </Tooltip>
        <Typography
          variant="body2"
          sx={{ minWidth: 48, textAlign: 'center' }}
          aria-live="polite"
          data-testid="zoom-level"
        >
          {Math.round(zoom * 100)}%
        </Typography>
        <Tooltip title="Zoom in">
          <span>
            <IconButton
              aria-label="Zoom in"
              onClick={() => setZoom((z) => clampZoom(z + ZOOM_STEP))}
              disabled={zoom >= ZOOM_MAX}
            >
              <ZoomIn />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title="Rotate">
          <IconButton
            aria-label="Rotate 90 degrees"
            onClick={() => setRotation((r) => (r + ROTATE_STEP) % 360)}
          >
            <RotateRight />
          </IconButton>
        </Tooltip>
        <IconButton aria-label="Close preview" onClick={props.onClose}>
          <Close />
        </IconButton>
      </DialogTitle>
      <DialogContent
        sx={{
          bgcolor: '#111',
          display: 'grid',
          placeItems: 'center',
          overflow: 'hidden',
          height: { xs: '60vh', md: '70vh' },
        }}
      >
        <Box
          component="img"
          src={props.src}
          alt={props.alt}
          data-testid="preview-image"
          data-zoom={zoom}
          data-rotation={rotation}
          // Inline, not sx: a new class per zoom step would pile up in the stylesheet.
          style={{ transform: `scale(${zoom}) rotate(${rotation}deg)` }}
          sx={{
            maxWidth: '100%',
            maxHeight: '100%',
            objectFit: 'contain',
            transition: 'transform 200ms ease',
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
