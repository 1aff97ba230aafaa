import type { Proof } from '@ooh/shared';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { ProofUploadButton, proofFileProblem } from './proof-upload-button';

const upload = vi.hoisted(() => vi.fn());
vi.mock('./api/partner-proofs', () => ({ uploadProof: upload }));

afterEach(() => {
  cleanup();
  upload.mockReset();
});

const proof: Proof = {
  id: 1,
  image_url: '/api/proofs/1/image',
  taken_at: null,
  latitude: null,
  longitude: null,
  distance_m: null,
  camera: null,
  exif_stripped: true,
  verified: false,
  reasons: [{ code: 'no_position', message: 'No position in the photo' }],
  uploaded_at: '2026-11-30T05:00:00.000Z',
};
const choose = (file: File) =>
  fireEvent.change(screen.getByLabelText('Proof photo of Andheri Gantry'), { target: { files: [file] } });

describe('ProofUploadButton', () => {
  it('opens the camera: an image input with capture="environment"', () => {
    render(<ProofUploadButton lineId={7} siteName="Andheri Gantry" onPosted={vi.fn()} />);
    const input = screen.getByLabelText('Proof photo of Andheri Gantry');
    expect(input.getAttribute('accept')).toBe('image/*');
    expect(input.getAttribute('capture')).toBe('environment');
  });

  it('shows progress, then hands the checked proof over', async () => {
    let finish: (p: Proof) => void = () => {};
    upload.mockImplementation((_line: number, _file: File, onProgress: (n: number) => void) => {
      onProgress(40);
      return new Promise<Proof>((resolve) => {
        finish = resolve;
      });
    });
    const onPosted = vi.fn();
    render(<ProofUploadButton lineId={7} siteName="Andheri Gantry" onPosted={onPosted} />);
    choose(new File(['jpeg'], 'p.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByText('40% uploaded')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add proof photo' })).toHaveProperty('disabled', true);
    finish(proof);
    await waitFor(() => expect(onPosted).toHaveBeenCalledWith(proof));
    expect(upload).toHaveBeenCalledWith(7, expect.any(File), expect.any(Function));
  });

  it('says why the server refused, and refuses a non-photo before sending it', async () => {
    upload.mockRejectedValue(new ApiError(409, 'conflict', 'Approve the creative before posting proof.'));
    render(<ProofUploadButton lineId={7} siteName="Andheri Gantry" onPosted={vi.fn()} />);
    choose(new File(['jpeg'], 'p.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByText('Approve the creative before posting proof.')).toBeTruthy();
    upload.mockClear();
    choose(new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText(/doc\.pdf is not a JPEG, PNG or WebP photo/)).toBeTruthy();
    expect(upload).not.toHaveBeenCalled();
    expect(proofFileProblem({ name: 'big.jpg', type: 'image/jpeg', size: 30 * 1024 * 1024 })).toMatch(
      /at most 25 MB/,
    );
  });
});

describe('ProofUploadButton with several photos (issue 22)', () => {
  it('sends each chosen photo in turn and hands each proof over', async () => {
    upload.mockReset();
    upload.mockImplementation((_line: number, _file: File, onProgress: (n: number) => void) => {
      onProgress(100);
      return Promise.resolve(proof);
    });
    const onPosted = vi.fn();
    render(<ProofUploadButton lineId={7} siteName="Andheri Gantry" onPosted={onPosted} />);
    const gallery = screen.getByLabelText('Proof photos of Andheri Gantry from the gallery');
    expect(gallery.hasAttribute('multiple')).toBe(true);
    expect(gallery.hasAttribute('capture')).toBe(false);
    fireEvent.change(gallery, {
      target: {
        files: [
          new File(['a'], 'a.jpg', { type: 'image/jpeg' }),
          new File(['b'], 'b.jpg', { type: 'image/jpeg' }),
        ],
      },
    });
    await waitFor(() => expect(onPosted).toHaveBeenCalledTimes(2));
    expect(upload.mock.calls.map((c) => (c[1] as File).name)).toEqual(['a.jpg', 'b.jpg']);
  });
});
