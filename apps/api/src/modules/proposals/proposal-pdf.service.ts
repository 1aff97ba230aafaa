import type { AppDeps } from '../../app-types.ts';
import { renderProposalPdf } from './proposal.pdf.ts';
import { proposalFor, proposalOf } from './proposals.service.ts';

/**
 * A proposal's PDF for one side (the brief's buyer, or the proposing owner): the same view as the JSON,
 * so the document and the screen never disagree; anyone else 404 (proposalOf), as for the JSON.
 */
export async function proposalPdf(
  deps: Pick<AppDeps, 'database' | 'clock' | 'config'>,
  id: number,
  who: { buyerUserId: number } | { ownerId: number },
  /** Counts the document against the requester's hourly allowance, once they may see it. */
  takeAllowance: () => Promise<void>,
): Promise<{ pdf: Buffer; fileName: string }> {
  const { brief } = await proposalOf(deps.database.db, id, who);
  // After the 404: someone probing ids neither learns anything nor spends (or writes) an allowance.
  await takeAllowance();
  const proposal = await proposalFor(deps, id, who);
  const pdf = await renderProposalPdf({
    proposal,
    briefName: brief.name,
    seller: deps.config.company.name,
    generatedAt: deps.clock.now(),
  });
  return { pdf, fileName: `proposal-${id}.pdf` };
}
