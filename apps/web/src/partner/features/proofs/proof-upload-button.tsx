import AddAPhotoIcon from '@mui/icons-material/AddAPhoto';
import { Alert, Box, Button, LinearProgress, Typography } from '@mui/material';
import { PROOF_PHOTO_MAX_BYTES, PROOF_PHOTO_TYPES, type Proof } from '@ooh/shared';
import { useRef, useState } from 'react';
import { useEarlyFiles } from '../../../lib/use-early-files';
import { uploadProof } from './api/partner-proofs';

/** The browser's check before a byte is sent; the server checks the content again (a file can lie). */
export function proofFileProblem(file: Pick<File, 'name' | 'type' | 'size'>): string | null {
  // Phones may hand over HEIC; the camera (capture) and most galleries give JPEG.
  if (file.type && !(PROOF_PHOTO_TYPES as readonly string[]).includes(file.type)) {
    return `${file.name} is not a JPEG, PNG or WebP photo. Take the photo with the camera, or save it as JPEG.`;
  }
  if (file.size > PROOF_PHOTO_MAX_BYTES) {
    return `${file.name} is ${(file.size / 1024 / 1024).toFixed(1)} MB; a proof photo can be at most ${PROOF_PHOTO_MAX_BYTES / 1024 / 1024} MB.`;
  }
  if (file.size === 0) return `${file.name} is empty.`;
  return null;
}

/**
 * "Add proof photo": opens the phone's camera (capture="environment"); "Choose photos" the gallery. Both take
 * several photos in one go (issue 22), sent one after another with their progress; each checked proof is
 * handed back at once. A photo the server refuses stops the rest, with the reason.
 */
export function ProofUploadButton({
  lineId,
  siteName,
  onPosted,
}: {
  lineId: number;
  siteName: string;
  onPosted(proof: Proof): void;
}) {
  const camera = useRef<HTMLInputElement>(null);
  const gallery = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [batch, setBatch] = useState<{ at: number; of: number } | null>(null);
  const [error, setError] = useState<string | null>(null);

  const send = async (files: File[]) => {
    const problem = files.map(proofFileProblem).find(Boolean);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    try {
      for (const [i, file] of files.entries()) {
        setBatch({ at: i + 1, of: files.length });
        setProgress(0);
        onPosted(await uploadProof(lineId, file, setProgress));
      }
    } catch (err) {
      setError(err instanceof Error ? err.message : 'The upload failed; try again.');
    } finally {
      setProgress(null);
      setBatch(null);
    }
  };
  const take = (field: HTMLInputElement) => {
    const files = Array.from(field.files ?? []);
    field.value = '';
    if (files.length) void send(files);
  };
  useEarlyFiles(camera, take);
  useEarlyFiles(gallery, take);

  const inputId = `proof-file-${lineId}`;
  const which = batch && batch.of > 1 ? `Photo ${batch.at} of ${batch.of}: ` : '';
  return (
    <Box>
      <input
        ref={camera}
        id={inputId}
        type="file"
        accept="image/*"
        capture="environment"
        multiple
        hidden
        aria-label={`Proof photo of ${siteName}`}
        onChange={(e) => take(e.target)}
      />
      <input
        ref={gallery}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        multiple
        hidden
        aria-label={`Proof photos of ${siteName} from the gallery`}
        onChange={(e) => take(e.target)}
      />
      <Box sx={{ display: 'flex', gap: 1, flexDirection: { xs: 'column', sm: 'row' } }}>
        <Button
          variant="contained"
          startIcon={<AddAPhotoIcon />}
          disabled={progress !== null}
          onClick={() => camera.current?.click()}
          sx={{ width: { xs: '100%', sm: 'auto' } }}
        >
          Add proof photo
        </Button>
        <Button
          variant="outlined"
          disabled={progress !== null}
          onClick={() => gallery.current?.click()}
          sx={{ width: { xs: '100%', sm: 'auto' } }}
          // The visible words lead the name (WCAG 2.5.3): a voice user says what they see.
          aria-label={`Choose photos of ${siteName} from the gallery`}
        >
          Choose photos
        </Button>
      </Box>
      {progress !== null && (
        <Box sx={{ mt: 1 }} role="status">
          <LinearProgress variant={progress >= 100 ? 'indeterminate' : 'determinate'} value={progress} />
          <Typography variant="caption" color="text.secondary">
            {which}
            {progress >= 100 ? 'Checking the photo…' : `${Math.round(progress)}% uploaded`}
          </Typography>
        </Box>
      )}
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
    </Box>
  );
}
