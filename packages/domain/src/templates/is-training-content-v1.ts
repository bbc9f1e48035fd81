import { PLAN_CONTENT_LIMITS } from "@studio/contracts";
import { field, isRecord, recordsOf } from "./plan-values";

/**
 * Training content of schemaVersion 1: schemaVersion 1, or no schemaVersion and a day with an
 * `aerobic` array (the version 1 cardio list).
 */
export function isTrainingContentV1(raw: unknown): boolean {
  if (!isRecord(raw)) return false;
  const version = field(raw, "schemaVersion");
  if (version === 1) return true;
  if (version !== undefined && version !== null) return false;
  return recordsOf(field(raw, "days"), PLAN_CONTENT_LIMITS.days).some((day) =>
    Array.isArray(field(day, "aerobic")),
  );
}
