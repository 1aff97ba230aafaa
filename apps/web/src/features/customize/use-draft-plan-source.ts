import { useMemo, useRef } from 'react';
import type { PlanSource } from '../../components/plans/plan-source';
import { draftName } from '../../lib/campaigns/campaign-draft';
import { createCustomizedCampaign } from '../../lib/campaigns/create-customized-campaign';
import { createActionKeys } from '../../lib/idempotency';
import type { CustomizedCampaignDraft } from '../../lib/stores';

/**
 * A draft lives in this browser only; to export or share its plan it is first stored as a customized
 * campaign of the buyer (not saved: it does not join Saved Campaigns). The same draft content reuses one
 * idempotency key, so repeated exports of an unchanged draft make one campaign.
 */
export function useDraftPlanSource(draft: CustomizedCampaignDraft): PlanSource {
  const keys = useRef(createActionKeys());
  return useMemo<PlanSource>(
    () => ({
      prepare: async () => {
        const body = {
          name: draftName(draft),
          products: draft.products.map((e) => ({
            product_id: e.product.id,
            from_date: e.from_date,
            to_date: e.to_date,
          })),
        };
        const created = await createCustomizedCampaign(body, keys.current.keyFor(JSON.stringify(body)));
        return { campaignId: created.data.id };
      },
    }),
    [draft],
  );
}
