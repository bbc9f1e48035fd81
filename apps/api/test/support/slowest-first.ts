import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The API suite's slowest files (seconds in a full `pnpm test`, 2026-11-28, process tests on
 * built bundles), started first. With two workers the run ends with its last file: vitest orders by the previous run's durations,
 * which a fresh clone (CI) does not have, and falls back to file size, which put these files —
 * short files that spawn processes or wait on timers — at the end, a tail of a minute or more.
 * A file not listed keeps vitest's order after them; the figures only need to stay roughly right.
 */
const SECONDS: Record<string, number> = {
  // Mostly waiting on the real clock and on worker processes, little CPU: first, so the wait
  // overlaps the CPU-bound files of the other worker instead of ending the run.
  "test/scheduler-processes.test.ts": 50,
  "test/input-fuzz.test.ts": 95,
  "test/credentials-fuzz.test.ts": 46,
  "test/lanes-through-pair.test.ts": 43,
  "test/graceful-shutdown.test.ts": 40,
  "test/agent-webhook.test.ts": 35,
  "test/openapi-truth.test.ts": 30,
  "test/faults-worker-killed.test.ts": 28,
  "test/start-race.test.ts": 24,
  "test/media-uploads.test.ts": 22,
  "test/public-signing-throttles.test.ts": 18,
  "test/faults-postgres-restart.test.ts": 17,
  "test/scale-out-processes.test.ts": 16,
  "test/faults-slow-webhook.test.ts": 14,
  "test/onboarding-verification.test.ts": 14,
  "test/calendar-trainee.test.ts": 13,
  "test/public-signing.test.ts": 12,
  "test/replay-hardening.test.ts": 8,
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
