import { formatDateTimeIst, type SiteHold } from '@ooh/shared';

/** A site's live holds as every screen reads them (decisions 082, 084): the product page, cards, lists. */
type Holds = { holds?: SiteHold[] };

/** Whether the dates [from, to) touch a live hold of the site: the hold whose words to show. */
export function holdOnDates(
  product: Holds,
  range: { from_date?: string | null; to_date?: string | null },
): SiteHold | undefined {
  const { from_date: from, to_date: to } = range;
  if (!from || !to) return undefined;
  return product.holds?.find((h) => h.from_date < to && from < h.to_date);
}

export const holdUntilText = (h: Pick<SiteHold, 'until'>) => `${formatDateTimeIst(h.until)} IST`;

export const onHoldLabel = (h: Pick<SiteHold, 'until'>) => `On hold until ${holdUntilText(h)}`;

/** Whom a hold is for, in the words of its confirmation (decision 092): "for you" or "for <client>". */
export const heldForText = (clientName: string | null | undefined) =>
  clientName ? `for ${clientName}` : 'for you';
