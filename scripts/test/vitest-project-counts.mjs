// A vitest reporter for scripts/test.mjs: for each project (shared, api-postgres, api-pglite, web) how many
// tests passed, failed and were skipped, and its wall time (first file started to last file ended, in
// seconds), so `npm test` can report each layer (decisions 041 and 071).
import { writeFileSync } from 'node:fs';

export default class ProjectCounts {
  spans = {};

  onTestModuleStart(module) {
    const name = module.project.name || 'default';
    this.spans[name] ??= { start: Date.now(), end: Date.now() };
  }

  onTestModuleEnd(module) {
    const name = module.project.name || 'default';
    this.spans[name] ??= { start: Date.now(), end: Date.now() };
    this.spans[name].end = Date.now();
  }

  onTestRunEnd(testModules) {
    const counts = {};
    for (const module of testModules) {
      const name = module.project.name || 'default';
      counts[name] ??= { passed: 0, failed: 0, skipped: 0, files: 0, seconds: 0 };
      counts[name].files += 1;
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
    for (const [name, span] of Object.entries(this.spans)) {
      if (counts[name]) counts[name].seconds = (span.end - span.start) / 1000;
    }
    const out = process.env.VITEST_PROJECT_COUNTS;
    if (out) writeFileSync(out, JSON.stringify(counts, null, 2));
  }
}
