import { eq } from "drizzle-orm";
import { signServiceRequest } from "@studio/auth";
import { clients, programs, pushTokens, dailyMetrics, workoutLogs, type ExerciseBests } from "@studio/db";
import { exerciseBestsOf } from "@studio/domain";
import { randomUUID } from "node:crypto";
import { userHeaders, type TestApp, type WebUserContext } from "./harness";
import { addClient, addCoach, studioIdOf } from "./team-fixtures";

/**
 * A TestApp whose web calls are signed at `clockMs()` (the app runs on a fixed clock, which
 * the signature window compares with); pass it to the team fixtures (addClient, addCoach).
 */
export function atClock(t: TestApp, clockMs: () => number): TestApp {
  const web: TestApp["web"] = (method, path, user, body) => {
    const text = body === undefined ? undefined : JSON.stringify(body);
    return t.request(method, path, {
      headers: {
        ...signServiceRequest({
          secret: t.config.serviceAuthSecret,
          serviceId: "web-app",
          method,
          pathWithQuery: path,
          body: text ?? "",
          timestamp: clockMs(),
        }),
        ...userHeaders(user),
        ...(text ? { "content-type": "application/json" } : {}),
      },
      body: text,
    });
  };
  return { ...t, web };
}

export interface ViewTrainee {
  studioId: string;
  clientId: string;
  owner: WebUserContext;
}

/** A trainee of `owner`'s studio (created over the web lane), with `fields` set on the row. */
export async function viewTrainee(
  w: TestApp,
  owner: WebUserContext,
  fields: Partial<typeof clients.$inferInsert> = {},
  body: Record<string, unknown> = {},
): Promise<ViewTrainee> {
  const studioId = await studioIdOf(w, owner);
  const client = await addClient(w, owner, body);
  await w.deps.database.db
    .update(clients)
    .set({ timezone: "Asia/Jerusalem", ...fields })
    .where(eq(clients.id, client.id));
  return { studioId, clientId: client.id, owner };
}

export { addCoach };

export interface LogSet {
  done?: boolean;
  weight?: number | string | null;
  reps?: number | string | null;
  targetReps?: number | null;
}
export interface LogFields {
  performedOn: string;
  completed?: boolean;
  programId?: string | null;
  dayId?: string | null;
  label?: string | null;
  startedAt?: string | null;
  finishedAt?: string | null;
  entries?: { exerciseId?: string; name: string; sets: LogSet[] }[];
  createdAt?: string;
  /**
   * The stored exercise bests: by default those of the entries, as the domain's writes store
   * them; null for a row migration 0021 left without (the views read its entries).
   */
  exerciseBests?: ExerciseBests | null;
}

const logValues = (s: { studioId: string; clientId: string }, f: LogFields) => {
  const entries = (f.entries ?? []).map((e) => ({
    ...e,
    sets: e.sets.map((set) => ({ done: true, ...set })),
  }));
  return {
    studioId: s.studioId,
    clientId: s.clientId,
    performedOn: f.performedOn,
    completed: f.completed ?? true,
    programId: f.programId ?? null,
    dayId: f.dayId ?? null,
    label: f.label ?? null,
    startedAt: f.startedAt ? new Date(f.startedAt) : null,
    finishedAt: f.finishedAt ? new Date(f.finishedAt) : null,
    entries,
    exerciseBests: f.exerciseBests === undefined ? exerciseBestsOf(entries) : f.exerciseBests,
    ...(f.createdAt ? { createdAt: new Date(f.createdAt) } : {}),
  };
};

/** Workout logs written straight to the table (sets default to done, bests stored), in one statement. */
export async function insertLogs(t: TestApp, s: { studioId: string; clientId: string }, logs: LogFields[]) {
  if (logs.length === 0) return [];
  return t.deps.database.db
    .insert(workoutLogs)
    .values(logs.map((f) => logValues(s, f)))
    .returning();
}

export const insertLog = async (t: TestApp, s: { studioId: string; clientId: string }, f: LogFields) =>
  (await insertLogs(t, s, [f]))[0]!;

/** An ACTIVE program of the trainee (type TRAINING unless given). */
export async function insertPlan(
  t: TestApp,
  s: { studioId: string; clientId: string },
  fields: Partial<typeof programs.$inferInsert> = {},
) {
  const [row] = await t.deps.database.db
    .insert(programs)
    .values({ studioId: s.studioId, clientId: s.clientId, type: "TRAINING", name: "Plan", ...fields })
    .returning();
  return row!;
}

export async function insertSteps(
  t: TestApp,
  s: { studioId: string; clientId: string },
  date: string,
  steps: number | null,
) {
  await t.deps.database.db
    .insert(dailyMetrics)
    .values({ studioId: s.studioId, clientId: s.clientId, date, steps });
}

export async function insertDevice(
  t: TestApp,
  s: { studioId: string; clientId: string },
  platform: string,
  updatedAt: string,
) {
  await t.deps.database.db.insert(pushTokens).values({
    studioId: s.studioId,
    clientId: s.clientId,
    token: `ExponentPushToken[${randomUUID()}]`,
    platform,
    updatedAt: new Date(updatedAt),
  });
}
