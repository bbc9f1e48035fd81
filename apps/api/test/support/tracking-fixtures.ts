import { eq } from "drizzle-orm";
import { createPreviewToken } from "@studio/auth";
import { clients, programs, studios, weightEntries, workoutLogs } from "@studio/db";
import { randomUUID } from "node:crypto";
import type { TestApp } from "./harness";
import { addTrainee } from "./notification-fixtures";

/** A trainee-lane call with the trainee's token and optional extra headers (x-timezone). */
export function traineeCall(
  t: TestApp,
  token: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const text = body === undefined ? undefined : JSON.stringify(body);
  return t.request(method, path, {
    headers: {
      authorization: `Bearer ${token}`,
      ...(text ? { "content-type": "application/json" } : {}),
      ...headers,
    },
    body: text,
  });
}

export type Trainee = Awaited<ReturnType<typeof newTrainee>>;

/**
 * A fresh studio with one trainee, and helpers bound to its token. `fields` go on the trainee
 * row (timezone, weightKg, goalWeightKg, waterGoalMl ...); `studioTimezone` on the studio;
 * `studioId` adds the trainee to an existing studio instead (a neighbour of another trainee).
 */
export async function newTrainee(
  t: TestApp,
  fields: Partial<typeof clients.$inferInsert> = {},
  options: { studioTimezone?: string; studioId?: string } = {},
) {
  // Straight to the tables: the tests run on a fixed clock, which the web lane's signature
  // window (±300 s of the server clock) would refuse.
  const slug = `tracking-${randomUUID()}`;
  const studioId =
    options.studioId ??
    (
      await t.deps.database.db
        .insert(studios)
        .values({ name: slug, slug, ...(options.studioTimezone ? { timezone: options.studioTimezone } : {}) })
        .returning()
    )[0]!.id;
  const trainee = await addTrainee(t, studioId, { timezone: "Asia/Jerusalem", ...fields });
  const s = { studioId, clientId: trainee.id, token: t.traineeToken(trainee.id, studioId) };
  const call = (method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
    traineeCall(t, s.token, method, path, body, headers);
  return {
    ...s,
    call,
    /** A call that must succeed; answers data. */
    async ok(method: string, path: string, body?: unknown, headers?: Record<string, string>) {
      const res = await call(method, path, body, headers);
      if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body?.data;
    },
    previewToken: (nowMs: number) =>
      createPreviewToken({ clientId: s.clientId, studioId: s.studioId }, t.config.sessionSigningSecret, nowMs)
        .token,
  };
}

export const clientRow = async (t: TestApp, clientId: string) =>
  (await t.deps.database.db.select().from(clients).where(eq(clients.id, clientId)))[0]!;

/** A weigh-in written straight to the table (other sources: coach, form, automation, import). */
export async function insertWeighIn(
  t: TestApp,
  s: { studioId: string; clientId: string },
  fields: { weightKg: number; recordedAt: string; source?: string; note?: string | null },
) {
  const [row] = await t.deps.database.db
    .insert(weightEntries)
    .values({
      studioId: s.studioId,
      clientId: s.clientId,
      weightKg: fields.weightKg,
      recordedAt: new Date(fields.recordedAt),
      source: fields.source ?? "coach",
      note: fields.note ?? null,
    })
    .returning();
  return row!;
}

export interface LoggedSet {
  done?: boolean;
  weight?: number | string | null;
  reps?: number | string | null;
  targetReps?: number | null;
}

/** A workout log written straight to the table (the workout-log routes are another module's). */
export async function insertWorkoutLog(
  t: TestApp,
  s: { studioId: string; clientId: string },
  fields: {
    performedOn: string;
    completed?: boolean;
    finishedAt?: string;
    entries?: { exerciseId?: string; name: string; sets: LoggedSet[] }[];
  },
) {
  const [row] = await t.deps.database.db
    .insert(workoutLogs)
    .values({
      studioId: s.studioId,
      clientId: s.clientId,
      performedOn: fields.performedOn,
      completed: fields.completed ?? true,
      finishedAt: fields.finishedAt ? new Date(fields.finishedAt) : null,
      entries: (fields.entries ?? []).map((e) => ({
        ...e,
        sets: e.sets.map((set) => ({ done: true, ...set })),
      })),
    })
    .returning();
  return row!;
}

/** A program of the trainee written straight to the table. */
export async function insertProgram(
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

/** Training content with `count` days (d1, d2, ...). */
export const trainingDays = (count: number) => ({
  schemaVersion: 2,
  days: Array.from({ length: count }, (_, i) => ({ id: `d${i + 1}`, label: `Day ${i + 1}`, strength: [] })),
});
