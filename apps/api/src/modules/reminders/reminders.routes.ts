import { errorResponseSchema, opsOverdueResponseSchema } from '@ooh/shared';
import type { AppInstance } from '../../app-types.ts';
import { requireOperator } from '../../plugins/auth.ts';
import { overdueLines } from './reminders.service.ts';

/** GET /api/ops/overdue: the operator's list of paid lines with an overdue creative or proof (section 9). */
export async function remindersRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/ops/overdue',
    {
      onRequest: requireOperator(app),
      schema: {
        tags: ['ops'],
        summary: 'Paid lines whose creative or proof is overdue, most overdue first',
        security: [{ bearer: [] }],
        response: { 200: opsOverdueResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async () => ({ lines: await overdueLines(app.deps.database.db, app.deps.clock.now()) }),
  );
}
