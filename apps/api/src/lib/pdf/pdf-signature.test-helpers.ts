import { createHash } from 'node:crypto';
import forge from 'node-forge';

/** The DER value at the start of the /Contents hole, without the zeros that pad the hole to its size. */
function derOnly(bytes: Buffer): Buffer {
  const first = bytes[1]!;
  if (first < 0x80) return bytes.subarray(0, 2 + first);
  const lengthBytes = first & 0x7f;
  const length = bytes.subarray(2, 2 + lengthBytes).reduce((n, byte) => n * 256 + byte, 0);
  return bytes.subarray(0, 2 + lengthBytes + length);
}

/**
 * Checks a PDF's signature as a reader does: the signature dictionary's /ByteRange covers the whole file
 * but the /Contents hole, the PKCS#7 inside holds the SHA-256 of exactly those bytes, and the signer's
 * certificate verifies the signed attributes. Answers who signed, or throws saying what failed.
 */
export function verifyPdfSignature(pdf: Buffer): { signer: string; reason: string } {
  const text = pdf.toString('latin1');
  const range = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(text);
  if (!range) throw new Error('no /ByteRange');
  const [a, b, c, d] = range.slice(1).map(Number) as [number, number, number, number];
  if (a !== 0 || c + d !== pdf.length) throw new Error('the byte range does not cover the file');
  const hole = pdf.subarray(b, c).toString('latin1');
  const hex = /^<([0-9a-fA-F]+)>$/.exec(hole)?.[1];
  if (!hex) throw new Error('no /Contents in the byte range hole');
  const signed = Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]);

  const der = derOnly(Buffer.from(hex, 'hex')).toString('binary');
  const message = forge.pkcs7.messageFromAsn1(forge.asn1.fromDer(der)) as forge.pkcs7.PkcsSignedData & {
    rawCapture: { authenticatedAttributes: forge.asn1.Asn1[]; signature: string };
  };
  const cert = message.certificates[0];
  if (!cert) throw new Error('no certificate');
  const attributes = message.rawCapture.authenticatedAttributes;
  const digestAttribute = attributes.find(
    (attr) =>
      forge.asn1.derToOid((attr.value as forge.asn1.Asn1[])[0]!.value as string) ===
      forge.pki.oids.messageDigest!,
  );
  if (!digestAttribute) throw new Error('no message digest among the signed attributes');
  const digest = ((digestAttribute.value as forge.asn1.Asn1[])[1]!.value as forge.asn1.Asn1[])[0]!
    .value as string;
  const expected = createHash('sha256').update(signed).digest('binary');
  if (digest !== expected) throw new Error('the signed digest is not the document’s');
  // The signature is over the DER of the attributes as a SET.
  const set = forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SET, true, attributes);
  const md = forge.md.sha256.create();
  md.update(forge.asn1.toDer(set).getBytes());
  const ok = (cert.publicKey as forge.pki.rsa.PublicKey).verify(
    md.digest().getBytes(),
    message.rawCapture.signature,
  );
  if (!ok) throw new Error('the signature does not verify');
  const reason = /\/Reason\s*\(([^)]*)\)/.exec(text)?.[1] ?? '';
  return { signer: String(cert.subject.getField('CN')?.value ?? ''), reason };
}
