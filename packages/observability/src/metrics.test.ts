import { afterEach, describe, expect, it } from "vitest";
import {
  createMetricsRegistry,
  metricsAccess,
  registerDatabaseMetrics,
  registerHttpMetrics,
  registerJobQueueMetrics,
  type MetricsSqlExecutor,
} from "./metrics";
import { startMetricsServer, type MetricsServer } from "./metrics-server";

describe("metricsAccess", () => {
  const token = "a-long-metrics-token-of-forty-characters!";

  it("with a token: only the exact bearer token, in every environment", () => {
    for (const production of [true, false]) {
      const access = metricsAccess({ production, token });
      expect(access(`Bearer ${token}`)).toBe("allow");
      expect(access(`bearer ${token}`)).toBe("allow");
      expect(access(undefined)).toBe("unauthorized");
      expect(access("Bearer wrong")).toBe("unauthorized");
      expect(access(`Bearer ${token}x`)).toBe("unauthorized");
      expect(access(`Basic ${token}`)).toBe("unauthorized");
      expect(access(token)).toBe("unauthorized");
    }
  });

  it("without a token: hidden in production, open elsewhere", () => {
    expect(metricsAccess({ production: true })(undefined)).toBe("hidden");
    expect(metricsAccess({ production: true })("Bearer anything")).toBe("hidden");
    expect(metricsAccess({ production: false })(undefined)).toBe("allow");
  });
});

describe("registries", () => {
  it("are per instance: two apps in one process register the same names without colliding", async () => {
    const a = createMetricsRegistry({ defaultMetrics: false });
    const b = createMetricsRegistry({ defaultMetrics: false });
    const httpA = registerHttpMetrics(a);
    registerHttpMetrics(b);
    httpA.observe({ method: "GET", route: "/v1/web/crm/leads/{id}", status: 200, durationSeconds: 0.012 });
    httpA.observe({ method: "BREW", route: "unmatched", status: 404, durationSeconds: 0.001 });
    const text = await a.metrics();
    expect(text).toContain('http_requests_total{method="GET",route="/v1/web/crm/leads/{id}",status="200"} 1');
    expect(text).toContain('http_requests_total{method="OTHER",route="unmatched",status="404"} 1');
    expect(text).toContain(
      'http_request_duration_seconds_bucket{le="0.025",method="GET",route="/v1/web/crm/leads/{id}",status="200"} 1',
    );
    expect(await b.metrics()).not.toContain('route="/v1/web/crm/leads/{id}"');
  });

  it("include the process's default metrics unless asked not to", async () => {
    expect(await createMetricsRegistry().metrics()).toContain("process_cpu_user_seconds_total");
    expect(await createMetricsRegistry({ defaultMetrics: false }).metrics()).not.toContain("process_cpu");
  });

  it("report a database or queue that cannot answer as down instead of failing the scrape", async () => {
    const failing: MetricsSqlExecutor = { executeSql: () => Promise.reject(new Error("ECONNREFUSED")) };
    const hanging: MetricsSqlExecutor = { executeSql: () => new Promise(() => {}) };
    const registry = createMetricsRegistry({ defaultMetrics: false });
    registerDatabaseMetrics(registry, {
      executor: hanging,
      kind: "postgres",
      maxConnections: 10,
      timeoutMs: 100,
    });
    registerJobQueueMetrics(registry, { executor: failing, timeoutMs: 100 });
    const started = Date.now();
    const text = await registry.metrics();
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(text).toContain("studio_db_pool_max_connections 10");
    expect(text).toContain("studio_db_up 0");
    expect(text).toContain("studio_job_queue_up 0");
  });
});

describe("startMetricsServer", () => {
  let server: MetricsServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it("serves the registry on /metrics to whom access allows, and nothing else", async () => {
    const registry = createMetricsRegistry({ defaultMetrics: false });
    registerHttpMetrics(registry).observe({ method: "GET", route: "/x", status: 200, durationSeconds: 0.1 });
    server = await startMetricsServer({
      registry,
      port: 0,
      host: "127.0.0.1",
      access: metricsAccess({ production: true, token: "t0ken-of-the-worker-metrics-server-123" }),
    });
    const url = `http://127.0.0.1:${server.port}`;
    const ok = await fetch(`${url}/metrics`, {
      headers: { authorization: "Bearer t0ken-of-the-worker-metrics-server-123" },
    });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toContain("text/plain");
    expect(await ok.text()).toContain('http_requests_total{method="GET",route="/x",status="200"} 1');
    const refused = await fetch(`${url}/metrics`, { headers: { authorization: "Bearer nope" } });
    expect(refused.status).toBe(401);
    expect(await refused.text()).not.toContain("http_requests_total");
    expect((await fetch(`${url}/other`)).status).toBe(404);

    await server.close();
    server = await startMetricsServer({
      registry,
      port: 0,
      host: "127.0.0.1",
      access: metricsAccess({ production: true }),
    });
    expect((await fetch(`http://127.0.0.1:${server.port}/metrics`)).status).toBe(404);
  });
});

describe("registerHttpMetrics", () => {
  it("counts each (method, route, status) on its own, however often it repeats; unknown verbs are OTHER", async () => {
    const registry = createMetricsRegistry();
    const http = registerHttpMetrics(registry);
    for (let i = 0; i < 3; i++)
      http.observe({ method: "GET", route: "/a", status: 200, durationSeconds: 0.002 });
    http.observe({ method: "GET", route: "/a", status: 404, durationSeconds: 0.02 });
    http.observe({ method: "POST", route: "/a", status: 200, durationSeconds: 0.2 });
    http.observe({ method: "BREW", route: "/a", status: 405, durationSeconds: 0.001 });
    http.observe({ method: "PURGE", route: "/a", status: 405, durationSeconds: 0.001 });
    const text = await registry.metrics();
    expect(text).toContain('http_requests_total{method="GET",route="/a",status="200"} 3');
    expect(text).toContain('http_requests_total{method="GET",route="/a",status="404"} 1');
    expect(text).toContain('http_requests_total{method="POST",route="/a",status="200"} 1');
    expect(text).toContain('http_requests_total{method="OTHER",route="/a",status="405"} 2');
    expect(text).toContain('http_request_duration_seconds_count{method="GET",route="/a",status="200"} 3');
    expect(text).toContain(
      'http_request_duration_seconds_bucket{le="0.005",method="GET",route="/a",status="200"} 3',
    );
    expect(text).toContain(
      'http_request_duration_seconds_bucket{le="0.01",method="GET",route="/a",status="404"} 0',
    );
  });
});
