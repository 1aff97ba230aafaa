import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { plainAddPlaceholder } from '@signpdf/placeholder-plain';
import { P12Signer } from '@signpdf/signer-p12';
// The named export: the package is CommonJS, and Node's ESM import of its `default` is the module object.
import { SignPdf } from '@signpdf/signpdf';
import forge from 'node-forge';

/**
 * Tax invoices and credit notes carry a digital signature (CGST Rules 46(q) and 53(1A): signed or digitally
 * signed by the supplier or its authorised representative; Information Technology Act 2000 s.3 and s.5 make
 * a digital signature the legal equal of a handwritten one). The PDF gets an incremental signature
 * dictionary (adbe.pkcs7.detached over the byte range), which PDF readers show as signed.
 */
export interface SigningIdentity {
  /** A PKCS#12 bundle (private key and certificate). */
  p12: Buffer;
  passphrase: string;
  /** Who signs, as a reader shows it ("AdSpace India Private Limited"). */
  name: string;
  location: string;
}

export async function signPdf(pdf: Buffer, identity: SigningIdentity, reason: string): Promise<Buffer> {
  const withPlaceholder = plainAddPlaceholder({
    pdfBuffer: pdf,
    reason,
    contactInfo: '',
    name: identity.name,
    location: identity.location,
    // The certificate chain of a real signing certificate needs more room than the default 8 KB.
    signatureLength: 16_384,
  });
  return new SignPdf().sign(
    withPlaceholder,
    new P12Signer(identity.p12, { passphrase: identity.passphrase }),
  );
}

/**
 * A self-signed signing certificate for development and the sandbox (DESIGN 18), made once and kept like the
 * other generated secrets: base64 of a PKCS#12 protected by its own random passphrase ("p12.passphrase").
 * Real deployments set DOCUMENT_SIGNING_P12 to a certificate an Indian Certifying Authority issued.
 */
export function selfSignedIdentityValue(commonName: string, now: Date): string {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = new Date(now.getTime() - 86_400_000);
  cert.validity.notAfter = new Date(now.getTime() + 5 * 365 * 86_400_000);
  const subject = [
    { name: 'commonName', value: `${commonName} (development signing, not a CA-issued certificate)` },
    { name: 'countryName', value: 'IN' },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
  ]);
  cert.sign(key, forge.md.sha256.create());
  const passphrase = randomBytes(18).toString('base64url');
  const p12 = forge.pkcs12.toPkcs12Asn1(key, [cert], passphrase, { algorithm: '3des' });
  const der = forge.asn1.toDer(p12).getBytes();
  return `${Buffer.from(der, 'binary').toString('base64')}.${passphrase}`;
}

/** The identity of a kept value (selfSignedIdentityValue's shape, or a setting's base64 and passphrase). */
export function identityOf(
  value: { p12Base64: string; passphrase: string },
  who: Pick<SigningIdentity, 'name' | 'location'>,
): SigningIdentity {
  return { p12: Buffer.from(value.p12Base64, 'base64'), passphrase: value.passphrase, ...who };
}
