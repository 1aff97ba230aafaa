-- Proof checks, issue 20 (docs/decisions/040): hashes of the mirrored and centre-cropped photo for the
-- duplicate check, the camera the EXIF names, and whether the photo carried no EXIF at all.
ALTER TABLE "proofs" ADD COLUMN "phash_variants" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "proofs" ADD COLUMN "camera" text;--> statement-breakpoint
ALTER TABLE "proofs" ADD COLUMN "exif_stripped" boolean DEFAULT false NOT NULL;
