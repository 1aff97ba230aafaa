import AddAPhotoIcon from '@mui/icons-material/AddAPhoto';
import { Alert, Box, Button, LinearProgress, Typography } from '@mui/material';
import { PROOF_PHOTO_MAX_BYTES, PROOF_PHOTO_TYPES, type Proof } from '@ooh/shared';
import { useRef, useState } from 'react';
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
 * "Add proof photo": opens the phone's camera (capture="environment") or the file picker, sends the photo
 * with its progress, and hands the checked proof back at once.
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
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);

  const send = async (file: File) => {
    const problem = proofFileProblem(file);
    if (problem) {
      setError(problem);
      return;
    }
    setError(null);
    setProgress(0);
    try {
      onPosted(await uploadProof(lineId, file, setProgress));
    } catch (err) {
      setError(err instanceof Error ? err.message : 'The upload failed; try again.');
    } finally {
      setProgress(null);
    }
  };

  const inputId = `proof-file-${lineId}`;
  return (
    <Box>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept="image/*"
        capture="environment"
        hidden
        aria-label={`Proof photo of ${siteName}`}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void send(file);
        }}
      />
      <Button
        variant="contained"
        startIcon={<AddAPhotoIcon />}
        disabled={progress !== null}
        onClick={() => input.current?.click()}
        sx={{ width: { xs: '100%', sm: 'auto' } }}
      >
        Add proof photo
      </Button>
      {progress !== null && (
        <Box sx={{ mt: 1 }} role="status">
          <LinearProgress variant={progress >= 100 ? 'indeterminate' : 'determinate'} value={progress} />
          <Typography variant="caption" color="text.secondary">
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
