import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Registry } from "prom-client";
import type { MetricsAccessVerdict } from "./metrics";

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

/**
 * A small HTTP server answering GET /metrics from `registry` (the worker's; the API serves
 * /metrics from its own app). `access` decides per request (metricsAccess()).
 */
export async function startMetricsServer(options: {
  registry: Registry;
  port: number;
  host?: string;
  access: (authorization: string | undefined) => MetricsAccessVerdict;
}): Promise<MetricsServer> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? "/").split("?")[0];
    if (path !== "/metrics" || (req.method !== "GET" && req.method !== "HEAD")) {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found\n");
      return;
    }
    const verdict = options.access(req.headers.authorization);
    if (verdict === "hidden") {
      res.writeHead(404, { "content-type": "text/plain" }).end("not found\n");
      return;
    }
    if (verdict === "unauthorized") {
      res
        .writeHead(401, { "content-type": "text/plain", "www-authenticate": "Bearer" })
        .end("unauthorized\n");
      return;
    }
    options.registry.metrics().then(
      (text) => res.writeHead(200, { "content-type": options.registry.contentType }).end(text),
      () => res.writeHead(500, { "content-type": "text/plain" }).end("metrics unavailable\n"),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
