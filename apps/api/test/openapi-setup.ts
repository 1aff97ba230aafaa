import { afterAll, afterEach } from 'vitest';
import { takeOpenApiViolations } from './openapi-check.ts';

/**
 * The API projects' setup file: after each test (and after a file's last hook), the answers it received
 * that the OpenAPI document does not describe fail it, listed one per line (decision 041).
 */
function failOnViolations(when: string): void {
  const found = [...new Set(takeOpenApiViolations())];
  if (found.length === 0) return;
  throw new Error(
    `${found.length} answer(s) ${when} do not match /api/openapi.json (fix the route's schema or the answer):\n` +
      found.map((v) => `  - ${v}`).join('\n'),
  );
}

afterEach(() => failOnViolations('received in this test'));
afterAll(() => failOnViolations("received in this file's hooks"));
