import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { findSandboxPayment } from '../payments/sandbox.service.ts';
import { hmacHex, signatureMatches } from '../payments/signatures.ts';
import {
  findSandboxReversal,
  findSandboxTransfer,
  findSandboxTransferByReference,
  insertSandboxReversal,
  insertSandboxTransfer,
  sandboxTransferredPaise,
  updateSandboxTransfer,
  upsertSandboxAccount,
} from './sandbox-route.repository.ts';
import type {
  LinkedAccountIds,
  LinkedAccountInput,
  LinkedAccountResult,
  ProviderTransfer,
  TransferInput,
  TransferProvider,
} from './transfer-provider.ts';

const randomId = (prefix: string) =>
  `${prefix}${randomBytes(10).toString('base64url').replaceAll(/[-_]/g, 'x')}`;

type TransferRow = NonNullable<Awaited<ReturnType<typeof findSandboxTransfer>>>;

const toTransfer = (r: TransferRow): ProviderTransfer => ({
  id: r.id,
  amountPaise: r.amountPaise,
  reversedPaise: r.reversedPaise,
  onHold: r.onHold,
  status:
    r.reversedPaise === 0
      ? 'processed'
      : r.reversedPaise >= r.amountPaise
        ? 'reversed'
        : 'partially_reversed',
  utr: r.utr,
});

/**
 * Route offline (decision 047): linked accounts are activated at once, transfers are rows of its own
 * table, one per reference, never more than the payment captured; release gives a made-up UTR. Webhooks
 * are signed with SANDBOX_KEY_SECRET, as the sandbox's payment webhooks.
 */
export class SandboxRouteProvider implements TransferProvider {
  readonly name = 'sandbox' as const;

  constructor(
    private readonly keySecret: string,
    private readonly db: Db,
  ) {}

  async upsertLinkedAccount(
    input: LinkedAccountInput,
    existing: LinkedAccountIds,
  ): Promise<LinkedAccountResult> {
    // The sandbox keeps only a fingerprint of the bank details, never the account number.
    const bank = createHash('sha256').update(`${input.bank.ifsc}|${input.bank.accountNumber}`).digest('hex');
    const accountId = await upsertSandboxAccount(this.db, {
      id: existing.accountId ?? randomId('acc_sbx_'),
      reference: input.reference,
      details: { legal_business_name: input.legalBusinessName, bank },
      now: new Date(),
    });
    return {
      accountId,
      stakeholderId: existing.stakeholderId ?? randomId('sth_sbx_'),
      productId: existing.productId ?? randomId('acc_prd_sbx_'),
      status: 'active',
    };
  }

  async findTransfer(_paymentId: string | null, reference: string): Promise<ProviderTransfer | null> {
    const row = await findSandboxTransferByReference(this.db, reference);
    return row ? toTransfer(row) : null;
  }

  async createTransfer(input: TransferInput): Promise<ProviderTransfer> {
    return inTransaction(this.db, async (tx) => {
      if (input.paymentId) {
        const payment = await findSandboxPayment(tx, input.paymentId, true);
        if (!payment) throw new Error(`The sandbox has no payment ${input.paymentId}`);
        const already = await sandboxTransferredPaise(tx, input.paymentId);
        if (already + input.amountPaise > payment.amountPaise)
          throw new Error('The sandbox refuses to transfer more than the payment captured');
      }
      await insertSandboxTransfer(tx, {
        id: randomId('trf_sbx_'),
        paymentId: input.paymentId,
        accountId: input.accountId,
        amountPaise: input.amountPaise,
        onHold: input.onHold,
        reference: input.reference,
        utr: input.onHold ? null : randomId('UTRSBX').slice(0, 16),
        createdAt: new Date(),
      });
      const row = await findSandboxTransferByReference(tx, input.reference);
      return toTransfer(row!);
    });
  }

  async fetchTransfer(transferId: string): Promise<ProviderTransfer> {
    const row = await findSandboxTransfer(this.db, transferId);
    if (!row) throw new Error(`The sandbox has no transfer ${transferId}`);
    return toTransfer(row);
  }

  async releaseTransfer(transferId: string): Promise<ProviderTransfer> {
    return inTransaction(this.db, async (tx) => {
      const row = await findSandboxTransfer(tx, transferId, true);
      if (!row) throw new Error(`The sandbox has no transfer ${transferId}`);
      if (row.onHold) {
        const utr = row.utr ?? randomId('UTRSBX').slice(0, 16);
        await updateSandboxTransfer(tx, transferId, { onHold: false, utr });
        return toTransfer({ ...row, onHold: false, utr });
      }
      return toTransfer(row);
    });
  }

  async reverseTransfer(
    transferId: string,
    amountPaise: number,
    _notes: Record<string, string>,
    idempotencyKey: string,
  ): Promise<{ id: string; repeated: boolean }> {
    return inTransaction(this.db, async (tx) => {
      // The transfer's row lock orders two reversals of it; the key's unique index backs it.
      const row = await findSandboxTransfer(tx, transferId, true);
      if (!row) throw new Error(`The sandbox has no transfer ${transferId}`);
      const earlier = await findSandboxReversal(tx, transferId, idempotencyKey);
      if (earlier) return { id: earlier.id, repeated: true };
      if (row.reversedPaise + amountPaise > row.amountPaise)
        throw new Error('The sandbox refuses to reverse more than was transferred');
      const id = randomId('rvrsl_sbx_');
      await insertSandboxReversal(tx, {
        id,
        transferId,
        amountPaise,
        idempotencyKey,
        createdAt: new Date(),
      });
      await updateSandboxTransfer(tx, transferId, { reversedPaise: row.reversedPaise + amountPaise });
      return { id, repeated: false };
    });
  }

  /** The sandbox settles a released transfer at once (its UTR comes with the release): no settlements. */
  async transfersOfSettlement(_settlementId: string): Promise<string[]> {
    return [];
  }

  verifyWebhookSignature(rawBody: Buffer, signature: string | undefined): boolean {
    return signatureMatches(hmacHex(this.keySecret, rawBody), signature);
  }
}
