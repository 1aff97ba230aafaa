import { configure } from '@testing-library/react';

/**
 * The web project's setup file (vitest.config.ts): `findBy*` and `waitFor` wait up to 10 s instead of
 * Testing Library's 1 s. A ceiling, not a measure: what a test waits for still has to appear, and it
 * appears as soon as it is there; 1 s failed on two cores shared with the browser journeys (decision 071).
 */
configure({ asyncUtilTimeout: 10_000 });
