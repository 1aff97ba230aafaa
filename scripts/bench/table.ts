/** One measured row of the results table. */
export interface Row {
  db: string;
  sites: number;
  scenario: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  failed: number;
  /** Catalogue reads: this rps as a share of nginx serving the same bytes at the same connections. */
  vsNginx?: number;
  /** Multi-request flows: completed iterations per second. */
  perSecond?: number;
  /** Issue 23: the ceiling started in the same run, its rps at the same connections, and this row's share. */
  ceiling?: { name: 'bare Fastify' | 'stripped'; rps: number; p50: number; p99: number };
  /** With --rounds: each pair's ratio in the order measured (this row is the median pair). */
  roundRatios?: number[];
  /** The least share of the ceiling issue 23 asks for (at 16 and 64 connections). */
  goal?: number;
}

export const ratioOf = (r: Row) => (r.ceiling && r.ceiling.rps > 0 ? r.rps / r.ceiling.rps : undefined);

/** Met, missed, or nothing to judge (no goal, no ceiling, or a connection count the goal does not cover). */
export function verdictOf(r: Row): 'pass' | 'FAIL' | '' {
  const ratio = ratioOf(r);
  if (r.goal === undefined || ratio === undefined || ![16, 64].includes(r.connections)) return '';
  return ratio >= r.goal && r.failed === 0 ? 'pass' : 'FAIL';
}

const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '-');

export function renderTable(rows: Row[], notes: string[]): string {
  const head =
    '| db | sites | scenario | conns | req/s | p50 ms | p99 ms | failed | ceiling: req/s, p50, p99 | ratio | goal | verdict | vs nginx |';
  const rule = '|---|---:|---|---:|---:|---:|---:|---:|---|---:|---:|---|---:|';
  const lines = rows.map((r) => {
    const scenario =
      r.perSecond === undefined ? r.scenario : `${r.scenario} (${fmt(r.perSecond, 1)} flows/s)`;
    const nginx = r.vsNginx === undefined ? '' : `${(r.vsNginx * 100).toFixed(1)}%`;
    const c = r.ceiling;
    const ceiling = c ? `${c.name}: ${fmt(c.rps, 0)}, ${fmt(c.p50)}, ${fmt(c.p99)}` : '';
    const ratio = ratioOf(r);
    const goal = r.goal === undefined ? '' : `>= ${r.goal}x`;
    const rounds = r.roundRatios ? ` (rounds ${r.roundRatios.map((x) => x.toFixed(2)).join(', ')})` : '';
    return `| ${r.db} | ${r.sites} | ${scenario} | ${r.connections} | ${fmt(r.rps, 1)} | ${fmt(r.p50)} | ${fmt(r.p99)} | ${r.failed} | ${ceiling} | ${ratio === undefined ? '' : `${ratio.toFixed(2)}x${rounds}`} | ${goal} | ${verdictOf(r)} | ${nginx} |`;
  });
  return [head, rule, ...lines, '', ...notes.map((n) => `- ${n}`)].join('\n');
}

/** Middle value of the non-empty list (average of the two middle ones for an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Issue 23's goals, one line per row they judge, and the count met. */
export function goalSummary(rows: Row[]): string[] {
  const judged = rows.filter((r) => verdictOf(r) !== '');
  if (judged.length === 0) return [];
  const failed = judged.filter((r) => verdictOf(r) === 'FAIL');
  return [
    `issue 23 goals: ${judged.length - failed.length} of ${judged.length} cells met` +
      (failed.length
        ? `; missed: ${failed.map((r) => `${r.db} ${r.sites} ${r.scenario} c=${r.connections} ${ratioOf(r)?.toFixed(2)}x < ${r.goal}x`).join('; ')}`
        : ''),
  ];
}

const READS = ['product list, page 1', 'product list, filtered', 'product list, search', 'product detail'];

/**
 * Issue 6's API targets, checked against the measured rows (a line per target; only for sizes that ran):
 * reads at >= 50% of nginx, p99 < 25 ms at 64 connections on PostgreSQL with 10,000 sites, and the
 * 100,000-site catalogue at most 1.5 times slower than the 10,000 one (rps ratio, median over connections).
 */
export function targetSummary(rows: Row[]): string[] {
  const lines: string[] = [];
  // Issue 13: search by area on 100,000 sites, database path.
  const area = rows.filter(
    (r) =>
      /^product list, (bbox|near), uncached$/.test(r.scenario) &&
      r.db === 'postgres' &&
      r.sites === 100_000 &&
      r.connections === 64,
  );
  if (area.length) {
    const worst = Math.max(...area.map((r) => r.p99));
    lines.push(
      `target search by area p99 < 25 ms at 64 connections, PostgreSQL, 100,000 sites, uncached: worst ${worst} ms (${area.map((r) => `${r.scenario.replace(', uncached', '')} p50 ${r.p50} p99 ${r.p99}`).join(', ')}) - ${worst < 25 ? 'met' : 'MISSED'}`,
    );
  }
  const isRead = (r: Row) => READS.some((name) => r.scenario === name || r.scenario === `${name}, uncached`);
  const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
  for (const uncached of [false, true]) {
    const label = uncached ? 'uncached reads (database path)' : 'catalogue reads (cache on)';
    const group = rows.filter((r) => isRead(r) && r.scenario.endsWith(', uncached') === uncached);
    const ratios = group.flatMap((r) => (r.vsNginx === undefined ? [] : [r.vsNginx]));
    if (ratios.length) {
      const m = median(ratios);
      lines.push(
        `target ${label} >= 50% of nginx: median ${(m * 100).toFixed(1)}% (min ${(Math.min(...ratios) * 100).toFixed(1)}%) - ${verdict(m >= 0.5)}`,
      );
    }
    const p99s = group.filter((r) => r.db === 'postgres' && r.sites === 10_000 && r.connections === 64);
    if (p99s.length) {
      const worst = Math.max(...p99s.map((r) => r.p99));
      lines.push(
        `target ${label} p99 < 25 ms at 64 connections, PostgreSQL, 10,000 sites: worst ${worst} ms (${p99s.map((r) => `${r.scenario.replace(', uncached', '')} ${r.p99}`).join(', ')}) - ${verdict(worst < 25)}`,
      );
    }
    for (const db of new Set(group.map((r) => r.db))) {
      const slowdowns: string[] = [];
      let worst = 0;
      for (const scenario of new Set(group.map((r) => r.scenario))) {
        const at = (sites: number) =>
          median(
            group
              .filter((r) => r.db === db && r.sites === sites && r.scenario === scenario)
              .map((r) => r.rps),
          );
        const ratio = at(10_000) / at(100_000);
        if (!Number.isFinite(ratio)) continue;
        worst = Math.max(worst, ratio);
        slowdowns.push(`${scenario.replace(', uncached', '')} ${ratio.toFixed(2)}x`);
      }
      if (slowdowns.length) {
        lines.push(
          `target ${label} on ${db}, 100,000 sites at most 1.5x slower than 10,000: ${slowdowns.join(', ')} - ${verdict(worst <= 1.5)}`,
        );
      }
    }
  }
  return lines;
}
