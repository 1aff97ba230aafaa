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
}

const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '-');

export function renderTable(rows: Row[], notes: string[]): string {
  const head = '| db | sites | scenario | conns | req/s | p50 ms | p99 ms | failed | vs nginx |';
  const rule = '|---|---:|---|---:|---:|---:|---:|---:|---:|';
  const lines = rows.map((r) => {
    const scenario =
      r.perSecond === undefined ? r.scenario : `${r.scenario} (${fmt(r.perSecond, 1)} flows/s)`;
    const ratio = r.vsNginx === undefined ? '' : `${(r.vsNginx * 100).toFixed(1)}%`;
    return `| ${r.db} | ${r.sites} | ${scenario} | ${r.connections} | ${fmt(r.rps, 1)} | ${fmt(r.p50)} | ${fmt(r.p99)} | ${r.failed} | ${ratio} |`;
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
