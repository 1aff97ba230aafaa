/*
 * Money to media owners through the provider's Route (docs/product-rules.md "Payouts", decision 047):
 * a linked account per owner, transfers from a captured payment held until released, reversals. The
 * sandbox mirrors the same calls offline in its own tables, as it mirrors orders and refunds.
 */

export type LinkedAccountStatus = 'pending' | 'active' | 'needs_clarification' | 'suspended';

export interface LinkedAccountInput {
  /** Ours (the owner id): the provider's reference_id, one account per owner. */
  reference: string;
  email: string;
  phone: string;
  legalBusinessName: string;
  contactName: string;
  pan: string;
  gstin: string;
  address: { street1: string; street2: string; city: string; state: string; postalCode: string };
  bank: { accountNumber: string; ifsc: string; beneficiaryName: string };
}

export interface LinkedAccountIds {
  accountId: string | null;
  stakeholderId: string | null;
  productId: string | null;
}

export interface LinkedAccountResult {
  accountId: string;
  stakeholderId: string;
  productId: string;
  status: LinkedAccountStatus;
}

export interface ProviderTransfer {
  id: string;
  amountPaise: number;
  reversedPaise: number;
  onHold: boolean;
  /** created | pending | processed | failed | reversed | partially_reversed */
  status: string;
  utr: string | null;
}

export interface TransferInput {
  /** The captured payment the money comes from; null: a direct transfer from the balance (cash orders). */
  paymentId: string | null;
  accountId: string;
  amountPaise: number;
  onHold: boolean;
  /** Ours (payout-{id}): carried in notes so a retry finds the transfer a lost answer made. */
  reference: string;
  notes: Record<string, string>;
}

export interface TransferProvider {
  readonly name: 'razorpay' | 'sandbox';
  /** Creates the linked account, its stakeholder and Route product (or, with `existing`, updates its bank details). */
  upsertLinkedAccount(input: LinkedAccountInput, existing: LinkedAccountIds): Promise<LinkedAccountResult>;
  /** The transfer made for `reference` on the payment (a retry after a lost answer), or null. */
  findTransfer(paymentId: string | null, reference: string): Promise<ProviderTransfer | null>;
  createTransfer(input: TransferInput): Promise<ProviderTransfer>;
  fetchTransfer(transferId: string): Promise<ProviderTransfer>;
  /** PATCH on_hold=0: the owner's bank gets it at the next settlement. */
  releaseTransfer(transferId: string): Promise<ProviderTransfer>;
  /**
   * Reverses part of a transfer. `idempotencyKey` names the reversal (the payout and the amount it brings
   * the transfer down to): a second call with the same key answers the first reversal, never makes another.
   */
  reverseTransfer(
    transferId: string,
    amountPaise: number,
    notes: Record<string, string>,
    idempotencyKey: string,
  ): Promise<{ id: string; repeated: boolean }>;
  /** The transfers a settlement to linked accounts paid out (settlement.processed names only the settlement). */
  transfersOfSettlement(settlementId: string): Promise<string[]>;
  verifyWebhookSignature(rawBody: Buffer, signature: string | undefined): boolean;
}
