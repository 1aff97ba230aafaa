import { healthResponseSchema } from '@ooh/shared';
import type { AppInstance } from '../../app.ts';

export async function healthRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database kind',
        response: { 200: healthResponseSchema },
      },
    },
    async () => {
      await app.deps.database.db.execute('select 1');
      return { status: 'ok' as const, database: app.deps.database.kind, version: '0.1.0' };
    },
  );
}
