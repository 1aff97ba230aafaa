import { createHash, randomBytes } from 'node:crypto';
import {
  type CreatePlanShareBody,
  formatDateIst,
  PLAN_FILE_PATTERN,
  PLAN_SHARE_DAYS,
  PLAN_TOKEN_PATTERN,
  type Plan,
  type PlanFormat,
  type PlanShareCreated,
  type PlanShareSummary,
  planSchema,
  type SharedPlanResponse,
  todayIst,
} from '@ooh/shared';
import type { AppDeps } from '../../app-types.ts';
import { HttpError, notFound } from '../../lib/errors.ts';
import { renderCached } from '../../lib/pdf/render-cache.ts';
import { orderOfBuyer, orderPlanLines } from '../orders/line-reads.service.ts';
import { planFileName } from './plan-format.ts';
import { campaignPlan, orderPlan } from './plan-model.ts';
import { loadPlanPictures } from './plan-pictures.ts';
import {
  findCampaign,
  findCampaignSites,
  findPlanShareByHash,
  insertPlanShare,
  listPlanShares,
  type PlanShareRow,
  revokePlanShare,
} from './plans.repository.ts';

type Deps = Pick<AppDeps, 'database' | 'clock' | 'storage'>;

export type PlanSource = { campaignId: number } | { orderId: number };

/**
 * The plan of a campaign (standard: anyone; customized: only its owner) or an order (only its buyer).
 * Anything else, signed out included, is 404: a plan's existence is not told to strangers.
 */
export async function loadPlan(deps: Deps, source: PlanSource, userId: number | undefined): Promise<Plan> {
  const db = deps.database.db;
  const now = deps.clock.now();
  if ('orderId' in source) {
    if (userId === undefined || !(await orderOfBuyer(db, source.orderId, userId))) throw notFound('Order');
    const lines = (await orderPlanLines(db, source.orderId)).filter((l) => l.status !== 'cancelled');
    return orderPlan(lines, now);
  }
  const campaign = await findCampaign(db, source.campaignId);
  const visible =
    campaign && (campaign.type === 'standard' || (userId !== undefined && campaign.userId === userId));
  if (!campaign || !visible) throw notFound('Campaign');
  const kind = campaign.type === 'standard' ? 'campaign' : 'customized';
  return campaignPlan(kind, campaign.name, await findCampaignSites(db, campaign.id), now);
}

const CONTENT_TYPES: Record<PlanFormat, string> = {
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
};

export interface PlanFile {
  body: Buffer;
  contentType: string;
  fileName: string;
}

/** Turns "12.pptx" or "order-7.xlsx" into a source and a format; anything else is unknown (404). */
export function parsePlanFile(file: string): { source: PlanSource; format: PlanFormat } {
  const match = PLAN_FILE_PATTERN.exec(file);
  const id = match ? Number(match[2]) : 0;
  if (!match || id > 2_147_483_647) throw notFound('Plan');
  return { source: match[1] ? { orderId: id } : { campaignId: id }, format: match[3] as PlanFormat };
}

/** Renders a plan in one format. Export code loads on first use only. */
export async function renderPlanFile(
  deps: Pick<Deps, 'storage'>,
  plan: Plan,
  format: PlanFormat,
): Promise<PlanFile> {
  let body: Buffer;
  if (format === 'xlsx') {
    body = await (await import('./plan-xlsx.ts')).planXlsx(plan);
  } else {
    const pictures = await loadPlanPictures(deps.storage, plan);
    body =
      format === 'pptx'
        ? await (await import('./plan-pptx.ts')).planPptx(plan, pictures)
        : await (await import('./plan-pdf.ts')).planPdf(plan, pictures);
  }
  return { body, contentType: CONTENT_TYPES[format], fileName: planFileName(plan, format) };
}

export async function exportPlan(deps: Deps, file: string, userId: number | undefined): Promise<PlanFile> {
  const { source, format } = parsePlanFile(file);
  const plan = await loadPlan(deps, source, userId);
  // Keyed by everything the file shows (it prints the IST day it was prepared, not the moment): a standard
  // campaign's plan, which anyone may ask for, is drawn once a day until its sites or prices change.
  const key = { ...plan, generated_at: todayIst(new Date(plan.generated_at)) };
  const body = await renderCached(
    `plan-${format}`,
    key,
    async () => (await renderPlanFile(deps, plan, format)).body,
  );
  return { body, contentType: CONTENT_TYPES[format], fileName: planFileName(plan, format) };
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const DAY_MS = 86_400_000;

/**
 * POST /plans/share: a snapshot of the plan (sites, dates, prices; nothing about the buyer or the order's
 * id) behind a random token. Only the token's SHA-256 is stored, so the table cannot open any link.
 */
export async function createPlanShare(
  deps: Deps,
  userId: number,
  body: CreatePlanShareBody,
): Promise<PlanShareCreated> {
  const source: PlanSource =
    body.order_id !== undefined ? { orderId: body.order_id } : { campaignId: body.campaign_id! };
  const plan = await loadPlan(deps, source, userId);
  const token = randomBytes(32).toString('base64url');
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + PLAN_SHARE_DAYS * DAY_MS);
  await insertPlanShare(deps.database.db, {
    tokenHash: hashToken(token),
    kind: plan.kind,
    campaignId: 'campaignId' in source ? source.campaignId : null,
    orderId: 'orderId' in source ? source.orderId : null,
    snapshot: plan as unknown as Record<string, unknown>,
    createdByUserId: userId,
    expiresAt,
    createdAt: now,
  });
  return { token, url: `/plan/${token}`, expires_at: expiresAt.toISOString() };
}

const gone = (message: string) => new HttpError(410, 'gone', message);

/** GET /plans/shared/{token}: the snapshot, 404 for a token we never issued, 410 once expired or revoked. */
export async function openPlanShare(deps: Deps, token: string): Promise<SharedPlanResponse> {
  if (!PLAN_TOKEN_PATTERN.test(token)) throw notFound('Shared plan');
  const row = await findPlanShareByHash(deps.database.db, hashToken(token));
  if (!row) throw notFound('Shared plan');
  if (row.revokedAt) throw gone('This plan link was revoked by the person who shared it.');
  if (row.expiresAt.getTime() <= deps.clock.now().getTime()) {
    throw gone(`This plan link expired on ${formatDateIst(row.expiresAt)}. Ask for a new link.`);
  }
  return { plan: planSchema.parse(row.snapshot), expires_at: row.expiresAt.toISOString() };
}

/** DELETE /plans/share/{token}: only the creator; for anyone else the token is unknown (404). */
export async function revokeShare(deps: Deps, userId: number, token: string): Promise<void> {
  if (!PLAN_TOKEN_PATTERN.test(token)) throw notFound('Shared plan');
  const ok = await revokePlanShare(deps.database.db, hashToken(token), userId, deps.clock.now());
  if (!ok) throw notFound('Shared plan');
}

function toSummary(row: PlanShareRow, now: Date): PlanShareSummary {
  const plan = row.snapshot as unknown as Plan;
  const status = row.revokedAt ? 'revoked' : row.expiresAt <= now ? 'expired' : 'active';
  return {
    id: row.id,
    kind: row.kind,
    title: String(plan.title ?? ''),
    site_count: Number(plan.site_count ?? 0),
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    revoked_at: row.revokedAt?.toISOString() ?? null,
    status,
  };
}

/** GET /plans/shares: the caller's latest 100 links (the tokens themselves are not kept, so not shown). */
export async function myPlanShares(deps: Deps, userId: number): Promise<{ data: PlanShareSummary[] }> {
  const now = deps.clock.now();
  return { data: (await listPlanShares(deps.database.db, userId, 100)).map((r) => toSummary(r, now)) };
}
