// A vitest reporter for scripts/test.mjs: how many tests passed, failed and were skipped in each project
// (shared, api-pglite, api-postgres, web), so `npm test` can say how many ran on each database (decision 041).
import { writeFileSync } from 'node:fs';

export default class ProjectCounts {
  onTestRunEnd(testModules) {
    const counts = {};
    for (const module of testModules) {
      const name = module.project.name || 'default';
      counts[name] ??= { passed: 0, failed: 0, skipped: 0 };
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') counts[name].passed += 1;
        else if (state === 'failed') counts[name].failed += 1;
        else counts[name].skipped += 1;
      }
      // A file that failed to load has no tests to count: it still fails its project.
      if (
        module.state() === 'failed' &&
        ![...module.children.allTests()].some((t) => t.result().state === 'failed')
      ) {
        counts[name].failed += 1;
      }
    }
    const out = process.env.VITEST_PROJECT_COUNTS;
    if (out) writeFileSync(out, JSON.stringify(counts, null, 2));
  }
}
