import { gstinCheckCharacter, type PartnerApplicationInput, type SiteFieldsInput } from '@ooh/shared';
import sharp from 'sharp';

/*
 * The fixture factory's forms and files (factory.ts re-exports them): what a person types or uploads.
 * Kept apart from the app so that scripts (benchmarks) can use them outside vitest.
 */

/** A random company PAN (so owners never share one). */
export function randomPan(): string {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const pick = () => letters[Math.floor(Math.random() * letters.length)];
  return `${pick()}${pick()}${pick()}C${pick()}${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}${pick()}`;
}

/**
 * A valid media-owner application whose GSTIN carries the PAN and a computed check character. By default
 * its PAN, GSTIN and bank account are its own (approving a possible duplicate needs a reason, DESIGN 7);
 * a test of duplicates passes another owner's PAN.
 */
export function application(pan = randomPan()): PartnerApplicationInput {
  const first14 = `27${pan}1Z`;
  return {
    company_name: 'Rao Outdoor Pvt Ltd',
    gstin: first14 + gstinCheckCharacter(first14),
    pan,
    address_line_1: '12 MG Road',
    address_line_2: 'Near the station',
    city: 'Pune',
    state: 'Maharashtra',
    pin: '411001',
    contact_name: 'Asha Rao',
    contact_phone: '9876500000',
    contact_email: 'asha@example.com',
    ifsc: 'HDFC0001234',
    account_number: String(Math.floor(1e11 + Math.random() * 9e11)),
  };
}

/** A complete, valid site form (as the owner fills it), with any fields changed. */
export function siteFields(overrides: Partial<SiteFieldsInput> = {}): SiteFieldsInput {
  return {
    name: 'Andheri Flyover Hoarding',
    description: 'A 40 x 20 ft hoarding facing the eastbound traffic.',
    category: 'hoarding',
    price: 4500,
    booking_duration: 7,
    address: 'Andheri Flyover, Western Express Highway, Andheri East',
    city: 'Mumbai',
    district: 'Mumbai Suburban',
    state: 'Maharashtra',
    pin_code: '400069',
    latitude: 19.1136,
    longitude: 72.8697,
    width_ft: 40,
    height_ft: 20,
    lighting: 'Front Lit',
    image_format: 'Flex',
    impression: 120000,
    ...overrides,
  };
}

/** A real image of the given type, with EXIF orientation 6 (turned) on a JPEG. */
export async function image(type: 'jpeg' | 'png' | 'webp', width = 400, height = 300): Promise<Buffer> {
  const base = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } });
  if (type === 'jpeg') return base.jpeg().withMetadata({ orientation: 6 }).toBuffer();
  if (type === 'png') return base.png().toBuffer();
  return base.webp().toBuffer();
}

/** A multipart/form-data body with one file field. */
export function multipart(file: Buffer, filename: string, contentType: string) {
  const boundary = `----factory${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, file, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
