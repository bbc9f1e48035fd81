import { describe, expect, it } from "vitest";
import { builtInJobs, DEFAULT_MAINTENANCE_INTERVAL_SECONDS, deliverWebhook } from "../src/index";

/**
 * A killed worker's job is retried after its expiry plus at most one maintenance interval (docs/
 * DEPLOYMENT.md "Worker settings"). pg-boss 10 has no heartbeat and its default expiry is 15
 * minutes, so every built-in job states its own, and none waits longer than 10 minutes.
 */
describe("how soon a killed worker's job is due again", () => {
  it("maintenance runs every 30 s by default (pg-boss's own is 120 s)", () => {
    expect(DEFAULT_MAINTENANCE_INTERVAL_SECONDS).toBe(30);
  });

  it.each(builtInJobs.map((job) => [job.name, job] as const))(
    "%s states an expiry of at most 600 s",
    (_name, job) => {
      expect(job.expireInSeconds).toBeDefined();
      expect(job.expireInSeconds!).toBeLessThanOrEqual(600);
    },
  );

  it("a delivery's expiry leaves room for its 10 s timeout and its two database writes", () => {
    expect(deliverWebhook.expireInSeconds).toBe(60);
  });
});
