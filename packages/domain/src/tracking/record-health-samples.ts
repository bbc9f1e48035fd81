import type { HealthSamplesInput } from "@studio/contracts";
import { healthSamples, type Db } from "@studio/db";
import { validation } from "../errors";
import type { TraineeScope } from "../scope";
import { loadTraineeDay } from "./trainee-day";

/** Rows per INSERT (10 parameters each, under PostgreSQL's 65,535). */
const CHUNK = 1000;

/**
 * `POST /v1/trainee/health/samples` (document 3, retired; kept so older builds do not fail):
 * the samples are stored once per (source, externalId) of the trainee and change nothing else
 * (steps come from health days). endedAt before startedAt: VALIDATION.
 */
export async function recordHealthSamples(
  db: Db,
  scope: TraineeScope,
  input: HealthSamplesInput,
): Promise<{ received: number; stored: number }> {
  const issues = input.samples.flatMap((s, i) =>
    Date.parse(s.endedAt) < Date.parse(s.startedAt)
      ? [{ path: `samples.${i}.endedAt`, message: "must be on or after startedAt", code: "custom" }]
      : [],
  );
  if (issues.length)
    throw validation(`samples.${issues[0]!.path.split(".")[1]}.endedAt: must be on or after startedAt`, {
      issues,
    });
  const day = await loadTraineeDay(db, scope);
  let stored = 0;
  await db.transaction(async (tx) => {
    for (let i = 0; i < input.samples.length; i += CHUNK) {
      const rows = await tx
        .insert(healthSamples)
        .values(
          input.samples.slice(i, i + CHUNK).map((s) => ({
            studioId: scope.studioId,
            clientId: day.clientId,
            type: s.type,
            value: s.value,
            unit: s.unit,
            source: s.source,
            externalId: s.externalId,
            startedAt: new Date(s.startedAt),
            endedAt: new Date(s.endedAt),
            createdAt: scope.now,
          })),
        )
        .onConflictDoNothing({
          target: [healthSamples.clientId, healthSamples.source, healthSamples.externalId],
        })
        .returning({ id: healthSamples.id });
      stored += rows.length;
    }
  });
  return { received: input.samples.length, stored };
}
