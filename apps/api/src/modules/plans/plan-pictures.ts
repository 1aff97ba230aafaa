import type { Plan } from '@ooh/shared';
import type { FileStorage } from '../storage/file-storage.ts';
import { photoJpeg, positionPng } from './plan-images.ts';

export interface PlanPictures {
  /** Per site, in plan order: its photo as JPEG, or null. */
  photos: Array<Buffer | null>;
  /** Per site: the position image as PNG. */
  maps: Buffer[];
}

/** Renders every site's pictures, a few at a time (sharp has its own threads; the CPU is shared). */
export async function loadPlanPictures(
  storage: FileStorage,
  plan: Plan,
  concurrency = 4,
): Promise<PlanPictures> {
  const photos: Array<Buffer | null> = new Array(plan.sites.length).fill(null);
  const maps: Buffer[] = new Array(plan.sites.length);
  let next = 0;
  const worker = async () => {
    while (next < plan.sites.length) {
      const i = next++;
      const site = plan.sites[i];
      [photos[i], maps[i]] = await Promise.all([photoJpeg(storage, site.photo), positionPng(site)]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, plan.sites.length) }, worker));
  return { photos, maps };
}
