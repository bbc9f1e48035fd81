import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The API suite's slowest files (seconds in a full `pnpm test`, 2026-11-27, process tests on
 * built bundles), started first. With two workers the run ends with its last file: vitest orders by the previous run's durations,
 * which a fresh clone (CI) does not have, and falls back to file size, which put these files —
 * short files that spawn processes or wait on timers — at the end, a tail of a minute or more.
 * A file not listed keeps vitest's order after them; the figures only need to stay roughly right.
 */
const SECONDS: Record<string, number> = {
  "test/agent-webhook.test.ts": 27,
  "test/graceful-shutdown.test.ts": 25,
  "test/input-fuzz.test.ts": 24,
  "test/credentials-fuzz.test.ts": 19,
  "test/faults-slow-webhook.test.ts": 16,
  "test/onboarding-verification.test.ts": 16,
  "test/public-signing-throttles.test.ts": 14,
  "test/faults-postgres-restart.test.ts": 13,
  "test/media-uploads.test.ts": 12,
  "test/scale-out-processes.test.ts": 11,
  "test/public-signing.test.ts": 8,
  "test/faults-worker-killed.test.ts": 7,
  "test/waitlist.test.ts": 6,
  "test/replay-hardening.test.ts": 6,
};

export default class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    const seconds = (spec: TestSpecification) => {
      const at = spec.moduleId.replaceAll("\\", "/").lastIndexOf("/test/");
      return SECONDS[spec.moduleId.slice(at + 1)] ?? 0;
    };
    // Array.prototype.sort is stable: unlisted files keep vitest's order.
    return ordered.sort((a, b) => seconds(b) - seconds(a));
  }
}
