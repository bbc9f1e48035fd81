import { signServiceRequest } from "@studio/auth";

/** Production-mode configuration for benchmarks (non-default secrets, limiter out of the way). */
export const BENCH_ENV = {
  NODE_ENV: "production",
  SERVICE_AUTH_SECRET: "bench-service-secret-0123456789abcdef",
  SESSION_SIGNING_SECRET: "bench-session-secret-0123456789abcdef",
  RATE_LIMIT_PER_MINUTE: "100000000",
};

export const BENCH_USER = {
  "x-studio-id": "org_bench",
  "x-user-id": "user_bench",
  "x-user-role": "OWNER",
  "x-user-name": "Bench Owner",
};

/** Fresh signature and nonce per request, as the web app server sends them. */
export const signedStudioGet = () => ({
  ...signServiceRequest({
    secret: BENCH_ENV.SERVICE_AUTH_SECRET,
    serviceId: "web-app",
    method: "GET",
    pathWithQuery: "/v1/web/studio",
  }),
  ...BENCH_USER,
});
