import { type CoachRecord } from "@studio/contracts";
import { type Db } from "@studio/db";
import type { StudioScope } from "../scope";
import { loadCoach, toCoachRecord } from "./coach-record";

/** `GET /v1/web/coaches/:id`. */
export async function getCoach(db: Db, scope: StudioScope, input: { id: string }): Promise<CoachRecord> {
  const { id } = input;
  return toCoachRecord(await loadCoach(db, scope, id));
}
