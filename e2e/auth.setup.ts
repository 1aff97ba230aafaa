import { test as setup } from '@playwright/test';
import { DEMO_OPERATOR_PHONE, operatorSession, useSessionInPage } from './support/partners';
import { OPERATOR_STATE } from './support/saved-sessions';

/**
 * Runs before the journeys (the `setup` project of playwright.config.ts): signs the demo operator in once
 * through the API (the operator session the API helpers share, so one code) and saves the browser's side
 * of it as storageState for the journeys to start from.
 */
setup('the operator’s saved browser session', async ({ page, request }) => {
  const session = await operatorSession(request);
  if (session.phone !== DEMO_OPERATOR_PHONE) throw new Error('not the demo operator');
  await useSessionInPage(page, session);
  await page.context().storageState({ path: OPERATOR_STATE });
});
