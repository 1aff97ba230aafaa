import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { SETTING_NAMES } from '../config.ts';
import { API_ROOT } from '../lib/paths.ts';
import { SESSION_COOKIE } from '../modules/auth/sessions.service.ts';
import { SHUTDOWN_FORCE_EXIT_MS } from '../plugins/drain.ts';

/**
 * Issue 46: the recipe in deploy/ agrees with the code. Every file parses; every setting it names is one
 * config.ts reads; the roles are the ROLE values; the probes are the health routes (and answer); the
 * ports line up; the rolling update keeps every replica until its successor is ready.
 */
const ROOT = path.resolve(API_ROOT, '../..');
const DEPLOY = path.join(ROOT, 'deploy');
const read = (file: string) => readFileSync(path.join(DEPLOY, file), 'utf8');
// biome-ignore lint/suspicious/noExplicitAny: manifests are read field by field and asserted
type Doc = any;
function yamlDocs(file: string): Doc[] {
  const docs = parseAllDocuments(read(file));
  for (const d of docs) expect(d.errors, file).toEqual([]);
  return docs.map((d) => d.toJS({ maxAliasCount: 100 }));
}
/** Names the containers of PostgreSQL and MinIO read, not the app. */
const NOT_APP_SETTINGS = new Set(['POSTGRES_PASSWORD']);

const compose = yamlDocs('compose.yaml')[0];
const manifests = readdirSync(path.join(DEPLOY, 'kubernetes'))
  .filter((f) => f.endsWith('.yaml'))
  .flatMap((f) => yamlDocs(`kubernetes/${f}`));
const byKind = (kind: string) => manifests.filter((m) => m.kind === kind);
const containers = [...byKind('Deployment'), ...byKind('Job')].flatMap(
  (m) => m.spec.template.spec.containers,
);
const envOf = (container: Doc) =>
  Object.fromEntries((container.env ?? []).map((e: { name: string; value: string }) => [e.name, e.value]));

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('deploy/', () => {
  it('names only settings config.ts reads', () => {
    const exampleNames = read('env.example')
      .split('\n')
      .filter((l) => /^[A-Z]/.test(l))
      .map((l) => l.split('=')[0]);
    const appServices = ['migrate', 'web', 'worker'].map((s) => compose.services[s]);
    const composeNames = appServices.flatMap((s) => Object.keys(s.environment ?? {}));
    const kubeNames = containers.flatMap((c: Doc) => Object.keys(envOf(c)));
    const unknown = [...exampleNames, ...composeNames, ...kubeNames].filter(
      (n) => !SETTING_NAMES.includes(n) && !NOT_APP_SETTINGS.has(n),
    );
    expect(unknown).toEqual([]);
    expect(exampleNames).toEqual(
      expect.arrayContaining(['JWT_SECRET', 'DATABASE_URL', 'STORAGE', 'TRUST_PROXY']),
    );
  });

  it('runs the roles the code knows, never migrating in a replica, the migrate job once', () => {
    expect(compose.services.web.environment).toMatchObject({ ROLE: 'web', MIGRATE: 'off' });
    expect(compose.services.worker.environment).toMatchObject({ ROLE: 'worker', MIGRATE: 'off' });
    expect(compose.services.web.deploy.replicas).toBe(2);
    expect(compose.services.migrate.command).toEqual(['node', 'scripts/start.mjs', '--migrate']);
    const scripts = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts;
    expect(scripts.migrate).toBe('exec node scripts/start.mjs --migrate');
    const roles = byKind('Deployment').map((d) => envOf(d.spec.template.spec.containers[0]));
    expect(roles.map((e) => [e.ROLE, e.MIGRATE]).sort()).toEqual([
      ['web', 'off'],
      ['worker', 'off'],
    ]);
    expect(byKind('Job')[0].spec.template.spec.containers[0].command).toEqual(
      compose.services.migrate.command,
    );
    expect(compose.services.postgres.image).toBe('postgres:16');
    expect(compose.services.postgres.healthcheck.test.join(' ')).toContain('pg_isready');
  });

  it('probes the health routes, which answer', async () => {
    const paths = new Set<string>();
    for (const c of containers.filter((c: Doc) => c.readinessProbe)) {
      expect(c.readinessProbe.httpGet.path).toBe('/api/health/ready');
      expect(c.livenessProbe.httpGet.path).toBe('/api/health/live');
      paths.add(c.readinessProbe.httpGet.path).add(c.livenessProbe.httpGet.path);
    }
    for (const s of ['web', 'worker']) {
      const test = compose.services[s].healthcheck.test.join(' ');
      paths.add(/\/api\/health\/[a-z]+/.exec(test)![0]);
    }
    expect(paths.size).toBeGreaterThan(0);
    for (const p of paths) expect((await ctx.app.inject({ method: 'GET', url: p })).statusCode, p).toBe(200);
  });

  it('lines the ports up: container, Service, nginx', () => {
    for (const c of containers.filter((c: Doc) => c.ports)) {
      expect(String(c.ports[0].containerPort)).toBe(envOf(c).PORT);
    }
    const nginx = read('nginx.conf');
    expect(nginx).toMatch(/server web:3000\b/);
    const listen = /listen (\d+);/.exec(nginx)![1];
    expect(compose.services.nginx.ports).toEqual([`${listen}:${listen}`]);
    expect(nginx).toContain('proxy_cache_bypass $adspace_session $http_authorization;');
    expect(nginx).toMatch(/gzip on;/);
    expect(read('Dockerfile')).toMatch(/ENV NODE_ENV=production HOST=0\.0\.0\.0 PORT=3000/);
  });

  it('rolls the web replicas with maxUnavailable 0, a drain before stop, a budget and an autoscaler', () => {
    const web = byKind('Deployment').find((d) => envOf(d.spec.template.spec.containers[0]).ROLE === 'web');
    expect(web.spec.strategy.rollingUpdate.maxUnavailable).toBe(0);
    expect(web.spec.template.spec.containers[0].lifecycle.preStop).toBeDefined();
    const labels = web.spec.template.metadata.labels;
    const service = byKind('Service')[0];
    expect(service.spec.selector).toEqual(labels);
    expect(byKind('PodDisruptionBudget')[0].spec.selector.matchLabels).toEqual(labels);
    expect(byKind('HorizontalPodAutoscaler')[0].spec.scaleTargetRef.name).toBe(web.metadata.name);
    const backend = byKind('Ingress')[0].spec.rules[0].http.paths[0].backend.service;
    expect(backend.name).toBe(service.metadata.name);
  });

  it('builds an image that runs the compiled output as a non-root user with production dependencies', () => {
    const dockerfile = read('Dockerfile');
    expect(dockerfile).toMatch(/FROM \S+ AS build/);
    expect(dockerfile).toContain('RUN npm ci --omit=dev');
    expect(dockerfile).toMatch(/\nUSER node\n/);
    expect(dockerfile).toContain('COPY --from=build /app/apps/api/dist apps/api/dist');
    expect(dockerfile).toContain(
      'COPY --from=build /app/apps/api/src/db/migrations apps/api/src/db/migrations',
    );
    expect(dockerfile).toMatch(/CMD \["node", "scripts\/start\.mjs"\]/);
  });

  it('gives every stop more time than the server takes to drain, and keeps a disruption possible', () => {
    const drainSeconds = SHUTDOWN_FORCE_EXIT_MS / 1000;
    for (const d of byKind('Deployment')) {
      const pod = d.spec.template.spec;
      const pause = pod.containers[0].lifecycle?.preStop?.exec?.command;
      const pauseSeconds = pause?.[0] === 'sleep' ? Number(pause[1]) : 0;
      // The kubelet's grace period counts the preStop pause and then the server's drain.
      expect(pod.terminationGracePeriodSeconds, d.metadata.name).toBeGreaterThan(pauseSeconds + drainSeconds);
      expect(d.spec.strategy.rollingUpdate.maxUnavailable, d.metadata.name).toBe(0);
      expect(pod.containers[0].readinessProbe.httpGet.path, d.metadata.name).toBe('/api/health/ready');
      expect(pod.containers[0].livenessProbe.httpGet.path, d.metadata.name).toBe('/api/health/live');
      expect(pod.securityContext.runAsNonRoot, d.metadata.name).toBe(true);
    }
    for (const s of ['web', 'worker']) {
      expect(Number.parseInt(compose.services[s].stop_grace_period, 10), s).toBeGreaterThan(drainSeconds);
    }
    const web = byKind('Deployment').find((d) => envOf(d.spec.template.spec.containers[0]).ROLE === 'web');
    const budget = byKind('PodDisruptionBudget')[0].spec.minAvailable;
    const hpa = byKind('HorizontalPodAutoscaler')[0].spec;
    // A node drain can always evict one web pod: more replicas than the budget keeps.
    expect(hpa.minReplicas).toBeGreaterThan(budget);
    expect(web.spec.replicas).toBe(hpa.minReplicas);
    // An autoscaler on CPU needs the pods' CPU requests.
    expect(web.spec.template.spec.containers[0].resources.requests.cpu).toBeDefined();
    // The Service and the Ingress reach web pods only, never the worker.
    const worker = byKind('Deployment').find(
      (d) => envOf(d.spec.template.spec.containers[0]).ROLE === 'worker',
    );
    const selector = byKind('Service')[0].spec.selector;
    expect(Object.entries(selector).every(([k, v]) => worker.spec.template.metadata.labels[k] === v)).toBe(
      false,
    );
    expect(byKind('Job')[0].spec.template.spec.restartPolicy).toBe('OnFailure');
  });

  it("keeps nginx's micro-cache to what the app lets a shared cache keep, and retries only on another replica", () => {
    const nginx = read('nginx.conf');
    // The app's Cache-Control decides: no proxy_cache_valid that would keep answers the app marked private.
    expect(nginx).not.toMatch(/proxy_cache_valid|proxy_ignore_headers/);
    expect(nginx).toMatch(/proxy_no_cache \$adspace_session \$http_authorization;/);
    // The session cookie nginx looks for is the one the app sets.
    expect(nginx).toContain(`"~*${SESSION_COOKIE}=" 1;`);
    // POST and other non-idempotent requests are never re-sent (no non_idempotent).
    expect(nginx).toMatch(/proxy_next_upstream error timeout http_502 http_503 http_504;/);
    expect(nginx).not.toContain('non_idempotent');
    expect(compose.services.nginx.healthcheck.test.join(' ')).toContain('/nginx-health');
    expect(nginx).toContain('location = /nginx-health');
  });

  it('sends the probes past the micro-cache, whose lock would hold every concurrent probe behind the first', () => {
    const nginx = read('nginx.conf');
    const probes = /location \/api\/health\/ \{([^}]*)\}/.exec(nginx);
    expect(probes, 'a location for /api/health/').not.toBeNull();
    expect(probes![1]).toContain('proxy_pass http://adspace_web;');
    expect(probes![1]).not.toMatch(/^\s*proxy_cache/m);
    // The cache and its lock stay on the catch-all location only, not at the server level the probes inherit.
    const serverLevel = nginx.slice(nginx.indexOf('server {'), nginx.indexOf('location /api/health/'));
    expect(serverLevel).not.toMatch(/^\s*proxy_cache/m);
    // No cache lock anywhere: an anonymous no-store address (the sign-in challenge) asked by many at once
    // would queue behind its first request in 500 ms steps.
    expect(nginx).not.toMatch(/^\s*proxy_cache_lock/m);
  });
});
