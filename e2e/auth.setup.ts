import { test as setup } from '@playwright/test';
import { DEMO_OPERATOR_PHONE, operatorSession, useSessionInPage } from './support/partners';
import { operatorState } from './support/saved-sessions';
import { JOURNEY_PORTS, serverUrl } from './support/servers';

/**
 * Runs before the journeys (the `setup` project of playwright.config.ts): on every journey server, signs
 * the demo operator in once through the API (the operator session the API helpers of that server's worker
 * share, so one code each) and saves the browser's side of it as storageState for the journeys to start from.
 */
setup('the operator’s saved browser session on every journey server', async ({ browser, playwright }) => {
  for (const port of JOURNEY_PORTS) {
    const baseURL = serverUrl(port);
    const request = await playwright.request.newContext({ baseURL });
    const session = await operatorSession(request, port);
    if (session.phone !== DEMO_OPERATOR_PHONE) throw new Error('not the demo operator');
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await useSessionInPage(page, session);
    await context.storageState({ path: operatorState(port) });
    await context.close();
    await request.dispose();
  }
});
