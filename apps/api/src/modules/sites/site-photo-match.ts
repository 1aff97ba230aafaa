import type { SitePhotoMatch } from '@ooh/shared';
import type { Db } from '../../db/client.ts';
import { countPhotos, findOwnSitesByCodes } from './sites.repository.ts';

/**
 * The site codes a photo's file name may name, most specific first: "MUM-0042-2.jpg" is the code
 * "MUM-0042-2" if a site has it, else "MUM-0042" (its second photo). Folders and the extension are dropped.
 */
export function codeCandidates(fileName: string): string[] {
  const base = (fileName.split(/[\\/]/).pop() ?? '').replace(/\.[A-Za-z0-9]{1,5}$/, '').trim();
  if (!base) return [];
  const numbered = /^(.+?)[-_ ]\(?\d{1,2}\)?$/.exec(base);
  return numbered ? [base, numbered[1]] : [base];
}

/**
 * POST /api/partner/sites/photo-match (issue 22): each file name with the owner's site it names, or nulls.
 * Codes are compared without case; an exact code wins over a code plus a photo number.
 */
export async function matchPhotoNames(
  db: Db,
  ownerId: number,
  fileNames: string[],
): Promise<SitePhotoMatch[]> {
  const candidates = fileNames.map(codeCandidates);
  const sites = await findOwnSitesByCodes(db, ownerId, [...new Set(candidates.flat())]);
  const byCode = new Map(sites.map((s) => [s.code.toUpperCase(), s]));
  const photos = await countPhotos(
    db,
    sites.map((s) => s.id),
  );
  return fileNames.map((file_name, i) => {
    const site = candidates[i].map((c) => byCode.get(c.toUpperCase())).find(Boolean);
    return {
      file_name,
      site_id: site?.id ?? null,
      site_code: site?.code ?? null,
      site_name: site?.name ?? null,
      photos: site ? (photos.get(site.id) ?? 0) : null,
    };
  });
}
