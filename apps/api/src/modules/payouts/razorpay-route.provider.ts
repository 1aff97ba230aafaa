import Razorpay from 'razorpay';
import type { RazorpaySettings } from '../payments/razorpay.provider.ts';
import { hmacHex, signatureMatches } from '../payments/signatures.ts';
import type {
  LinkedAccountIds,
  LinkedAccountInput,
  LinkedAccountResult,
  LinkedAccountStatus,
  ProviderTransfer,
  TransferInput,
  TransferProvider,
} from './transfer-provider.ts';

type Answer = Record<string, unknown>;

/** A provider failure in words for the log and the operator: the status and Razorpay's description, never keys. */
function failure(err: unknown): Error {
  const e = err as { statusCode?: unknown; error?: { description?: unknown } };
  const status = typeof e?.statusCode === 'number' ? e.statusCode : 'nothing';
  const text = typeof e?.error?.description === 'string' ? `: ${e.error.description.slice(0, 200)}` : '';
  return new Error(`Razorpay answered ${status}${text}`);
}

async function call<T = Answer>(request: () => Promise<unknown>): Promise<T> {
  try {
    return (await request()) as T;
  } catch (err) {
    throw failure(err);
  }
}

const toTransfer = (t: Answer): ProviderTransfer => {
  if (typeof t?.id !== 'string') throw new Error('Razorpay answered no transfer id');
  const settlement = t.recipient_settlement as { utr?: unknown } | undefined;
  const utr = typeof t.utr === 'string' ? t.utr : typeof settlement?.utr === 'string' ? settlement.utr : null;
  return {
    id: t.id,
    amountPaise: Number(t.amount ?? 0),
    reversedPaise: Number(t.amount_reversed ?? 0),
    onHold: t.on_hold === true || t.on_hold === 1,
    status: String(t.status ?? 'created'),
    utr,
  };
};

/** Route's product activation_status in our words (docs/decisions/047). */
function accountStatus(activation: unknown): LinkedAccountStatus {
  if (activation === 'activated') return 'active';
  if (activation === 'needs_clarification') return 'needs_clarification';
  if (activation === 'suspended') return 'suspended';
  return 'pending';
}

/**
 * Razorpay Route through the official SDK (decision 047): POST /v2/accounts, /v2/accounts/{id}/stakeholders,
 * /v2/accounts/{id}/products and PATCH .../products/{id} with the owner's bank account; transfers with
 * POST /v1/payments/{id}/transfers (on_hold=1), PATCH /v1/transfers/{id} (on_hold=0), reversals with
 * POST /v1/transfers/{id}/reversals; direct transfers (cash orders) with POST /v1/transfers.
 */
export class RazorpayRouteProvider implements TransferProvider {
  readonly name = 'razorpay' as const;
  private readonly client: Razorpay;

  constructor(private readonly settings: RazorpaySettings) {
    this.client = new Razorpay({ key_id: settings.keyId, key_secret: settings.keySecret });
    // As the payments provider does: the SDK's one axios instance, pointed at a stub in tests.
    const rq = (this.client.api as unknown as { rq: { defaults: { baseURL?: string; timeout?: number } } })
      .rq;
    if (settings.apiUrl) rq.defaults.baseURL = settings.apiUrl.replace(/\/+$/, '');
    rq.defaults.timeout = 15_000;
  }

  async upsertLinkedAccount(
    input: LinkedAccountInput,
    existing: LinkedAccountIds,
  ): Promise<LinkedAccountResult> {
    const accountId =
      existing.accountId ??
      (
        await call<Answer>(() =>
          this.client.accounts.create({
            email: input.email,
            phone: input.phone,
            type: 'route',
            reference_id: input.reference,
            legal_business_name: input.legalBusinessName,
            business_type: 'partnership',
            contact_name: input.contactName,
            profile: {
              category: 'services',
              subcategory: 'advertising',
              addresses: {
                registered: {
                  street1: input.address.street1,
                  street2: input.address.street2 || input.address.city,
                  city: input.address.city,
                  state: input.address.state,
                  postal_code: input.address.postalCode,
                  country: 'IN',
                },
              },
            },
            legal_info: { pan: input.pan, gst: input.gstin },
          } as never),
        )
      ).id;
    if (typeof accountId !== 'string') throw new Error('Razorpay answered no account id');
    const stakeholderId =
      existing.stakeholderId ??
      (
        await call<Answer>(() =>
          this.client.stakeholders.create(accountId, {
            name: input.contactName,
            email: input.email,
          } as never),
        )
      ).id;
    const productId =
      existing.productId ??
      (
        await call<Answer>(() =>
          this.client.products.requestProductConfiguration(accountId, {
            product_name: 'route',
            tnc_accepted: true,
          } as never),
        )
      ).id;
    if (typeof stakeholderId !== 'string' || typeof productId !== 'string')
      throw new Error('Razorpay answered no stakeholder or product id');
    // The bank account goes on the Route product; a change of bank details sends it again (re-verified).
    const product = await call<Answer>(() =>
      this.client.products.edit(accountId, productId, {
        settlements: {
          account_number: input.bank.accountNumber,
          ifsc_code: input.bank.ifsc,
          beneficiary_name: input.bank.beneficiaryName,
        },
        tnc_accepted: true,
      } as never),
    );
    return { accountId, stakeholderId, productId, status: accountStatus(product.activation_status) };
  }

  async findTransfer(paymentId: string | null, reference: string): Promise<ProviderTransfer | null> {
    if (!paymentId) return null;
    const answer = await call<{ items?: Answer[] }>(() => this.client.payments.fetchTransfer(paymentId));
    // A failed transfer is not the payout's any more: the retry makes a new one.
    const found = (answer.items ?? []).find(
      (t) =>
        (t.notes as Record<string, unknown> | undefined)?.reference === reference && t.status !== 'failed',
    );
    return found ? toTransfer(found) : null;
  }

  async createTransfer(input: TransferInput): Promise<ProviderTransfer> {
    const transfer = {
      account: input.accountId,
      amount: input.amountPaise,
      currency: 'INR',
      notes: { ...input.notes, reference: input.reference },
    };
    if (!input.paymentId) {
      return toTransfer(await call<Answer>(() => this.client.transfers.create(transfer as never)));
    }
    const paymentId = input.paymentId;
    const answer = await call<{ items?: Answer[] }>(() =>
      this.client.payments.transfer(paymentId, {
        transfers: [{ ...transfer, on_hold: input.onHold ? 1 : 0 }],
      } as never),
    );
    const first = answer.items?.[0];
    if (!first) throw new Error('Razorpay answered no transfer');
    return toTransfer(first);
  }

  async fetchTransfer(transferId: string): Promise<ProviderTransfer> {
    return toTransfer(await call<Answer>(() => this.client.transfers.fetch(transferId)));
  }

  async releaseTransfer(transferId: string): Promise<ProviderTransfer> {
    return toTransfer(
      await call<Answer>(() => this.client.transfers.edit(transferId, { on_hold: 0 } as never)),
    );
  }

  /**
   * Razorpay documents idempotency (X-Transfer-Idempotency) for direct transfers only, and the SDK sends
   * no such header; a reversal is made idempotent the documented way instead: the key rides in the
   * reversal's notes, and the transfer's reversals (GET /v1/transfers/{id}/reversals) are read first, so
   * a retry after a lost answer finds the reversal it made. Two passes never race here: a payout's provider
   * calls are made by one pass at a time (payout-sync's claim).
   */
  async reverseTransfer(
    transferId: string,
    amountPaise: number,
    notes: Record<string, string>,
    idempotencyKey: string,
  ): Promise<{ id: string; repeated: boolean }> {
    const earlier = await call<{ items?: Answer[] }>(() =>
      this.client.api.get({ url: `/transfers/${encodeURIComponent(transferId)}/reversals` }),
    );
    const found = (earlier.items ?? []).find(
      (r) => (r.notes as Record<string, unknown> | undefined)?.idempotency_key === idempotencyKey,
    );
    if (typeof found?.id === 'string') return { id: found.id, repeated: true };
    const answer = await call<Answer>(() =>
      this.client.transfers.reverse(transferId, {
        amount: amountPaise,
        notes: { ...notes, idempotency_key: idempotencyKey },
      } as never),
    );
    if (typeof answer.id !== 'string') throw new Error('Razorpay answered no reversal id');
    return { id: answer.id, repeated: false };
  }

  /** GET /v1/transfers?recipient_settlement_id=: "Fetch Transfers for a Settlement" (settlement.processed's id). */
  async transfersOfSettlement(settlementId: string): Promise<string[]> {
    const ids: string[] = [];
    for (let skip = 0; ; skip += 100) {
      const page = await call<{ items?: Answer[] }>(() =>
        this.client.transfers.all({ recipient_settlement_id: settlementId, count: 100, skip }),
      );
      const items = page.items ?? [];
      for (const t of items) if (typeof t.id === 'string') ids.push(t.id);
      if (items.length < 100) return ids;
    }
  }

  /** The same scheme and secret as the payments webhook: HMAC-SHA256 of the raw body. */
  verifyWebhookSignature(rawBody: Buffer, signature: string | undefined): boolean {
    return signatureMatches(hmacHex(this.settings.webhookSecret, rawBody), signature);
  }
}
