import { describe, expect, it } from 'vitest';
import { renderPdf } from './pdf-document.ts';
import { verifyPdfSignature } from './pdf-signature.test-helpers.ts';
import { identityOf, selfSignedIdentityValue, signPdf } from './pdf-signature.ts';
import { pdfText } from './pdf-text.test-helpers.ts';

const identity = () => {
  const [p12Base64, passphrase] = selfSignedIdentityValue('Demo Seller Pvt Ltd', new Date()).split('.') as [
    string,
    string,
  ];
  return identityOf({ p12Base64, passphrase }, { name: 'Demo Seller Pvt Ltd', location: 'Maharashtra' });
};

describe('signing a tax document', () => {
  it('adds a signature whose byte range and digest verify, and keeps the text readable', async () => {
    const pdf = await renderPdf({ title: 'Tax invoice' }, (doc) => {
      doc.text('Tax invoice INV/26-27/000001');
    });
    const signed = await signPdf(pdf, identity(), 'Tax invoice INV/26-27/000001');
    expect(verifyPdfSignature(signed)).toMatchObject({
      signer: expect.stringContaining('Demo Seller Pvt Ltd'),
      reason: 'Tax invoice INV/26-27/000001',
    });
    expect((await pdfText(signed)).text).toContain('INV/26-27/000001');
  });

  it('a byte changed after signing no longer verifies', async () => {
    const pdf = await renderPdf({ title: 'Credit note' }, (doc) => {
      doc.text('Total refunded: ₹18,585.00');
    });
    const signed = await signPdf(pdf, identity(), 'Credit note');
    const tampered = Buffer.from(signed);
    const at = tampered.indexOf('/Title');
    tampered[at + 1] = 'X'.charCodeAt(0);
    expect(() => verifyPdfSignature(tampered)).toThrow(/digest/);
  });
});
