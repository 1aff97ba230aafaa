import { useEffect } from 'react';
import { useNotify } from '../../components/notify';
import { RESET_CHECK_EVENT } from '../../lib/reset-check';
import { customizedCampaignStore, emptyCustomizedCampaign, isCampaignEmpty } from '../../lib/stores';

export const RESET_QUESTION = 'Do you want to reset your campaign?';

/**
 * The header's Customize Campaign button on /customize asks this page to reset: when the campaign is not
 * empty a Yes/No confirmation decides; Yes returns it to Untitled Campaign with no products.
 */
export function useResetCheck(): void {
  const { confirm } = useNotify();
  useEffect(() => {
    let asking = false;
    const onCheck = async () => {
      if (asking || isCampaignEmpty(customizedCampaignStore.get())) return;
      asking = true;
      try {
        if (await confirm(RESET_QUESTION, 'Confirmation'))
          customizedCampaignStore.set(emptyCustomizedCampaign());
      } finally {
        asking = false;
      }
    };
    window.addEventListener(RESET_CHECK_EVENT, onCheck);
    return () => window.removeEventListener(RESET_CHECK_EVENT, onCheck);
  }, [confirm]);
}
