import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import type { PartnerCreativeLine } from '@ooh/shared';
import { useState } from 'react';
import { fileSize } from './file-size';

/**
 * The artwork at full size, before the owner approves it (a print is judged at its own pixels): fitted to
 * the screen first, "Actual size" shows every pixel and scrolls.
 */
export function ArtworkFullSizeDialog({
  open,
  onClose,
  src,
  line,
}: {
  open: boolean;
  onClose: () => void;
  src: string;
  line: PartnerCreativeLine;
}) {
  const c = line.creative;
  const [actual, setActual] = useState(false);
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const titleId = `artwork-full-${line.line_id}`;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={fullScreen}
      maxWidth="xl"
      fullWidth
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        Artwork for {line.site.name}
        <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
          {c.file_name}
          {c.width && c.height ? ` · ${c.width} × ${c.height} px` : ''} · {fileSize(c.size_bytes)}
        </Typography>
      </DialogTitle>
      <DialogContent dividers sx={{ p: 0, bgcolor: 'grey.100', overflow: 'auto' }}>
        <Box
          component="img"
          src={src}
          alt={`Artwork for ${line.site.name}, full size`}
          sx={
            actual
              ? { display: 'block', maxWidth: 'none', width: c.width ?? 'auto' }
              : { display: 'block', maxWidth: '100%', maxHeight: '75vh', mx: 'auto', objectFit: 'contain' }
          }
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={() => setActual((a) => !a)}>{actual ? 'Fit to screen' : 'Actual size'}</Button>
        <Button onClick={onClose} variant="contained">
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
