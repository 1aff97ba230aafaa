import type { Creative } from '@ooh/shared';
import type { creatives } from '../../db/schema.ts';

type CreativeRow = typeof creatives.$inferSelect;

/** Where a creative's file is served (GET /api/creatives/{id}/file: buyer, the site's owner, operators). */
export const creativeFileUrl = (id: number) => `/api/creatives/${id}/file`;

/** A creatives row as the API answers it, to the buyer and to the media owner alike. */
export function creativeView(row: CreativeRow): Creative {
  return {
    id: row.id,
    file_name: row.fileName,
    content_type: row.contentType,
    size_bytes: row.sizeBytes,
    url: creativeFileUrl(row.id),
    width: row.width,
    height: row.height,
    aspect_warning: row.aspectWarning,
    status: row.status,
    rejection_reason: row.rejectionReason,
    uploaded_at: row.createdAt.toISOString(),
    reviewed_at: row.reviewedAt ? row.reviewedAt.toISOString() : null,
  };
}
