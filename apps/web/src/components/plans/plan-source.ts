/**
 * What a plan is made from (docs/product-rules.md section 12): a campaign (standard, or a customized one of the
 * signed-in buyer), an order of the buyer, or a draft that is first stored as a customized campaign.
 */
export type PlanSource =
  | { campaignId: number; customized?: boolean }
  | { orderId: number }
  | { prepare: () => Promise<{ campaignId: number }> };

export type PlanFormat = 'pptx' | 'xlsx' | 'pdf';

export const FORMAT_LABELS: Record<PlanFormat, string> = {
  pptx: 'PowerPoint',
  xlsx: 'Excel',
  pdf: 'PDF',
};

/** A plain campaign or order reference: what the export and share calls take. */
export type ResolvedSource = { campaignId: number } | { orderId: number };

export async function resolveSource(source: PlanSource): Promise<ResolvedSource> {
  if ('prepare' in source) return source.prepare();
  if ('orderId' in source) return { orderId: source.orderId };
  return { campaignId: source.campaignId };
}

/** Only a standard campaign's plan is open to everyone; the rest need the buyer's sign-in. */
export const needsSignIn = (source: PlanSource) => !('campaignId' in source) || source.customized === true;

export const planFilePath = (source: ResolvedSource, format: PlanFormat) =>
  'orderId' in source
    ? `/api/plans/order-${source.orderId}.${format}`
    : `/api/plans/${source.campaignId}.${format}`;
