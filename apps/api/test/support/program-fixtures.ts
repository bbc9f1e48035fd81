import { and, eq } from "drizzle-orm";
import {
  formResponses,
  forms,
  notifications,
  programs,
  programTemplates,
  pushTokens,
  traineeActivities,
} from "@studio/db";
import type { TestApp } from "./harness";
import { addTrainee } from "./notification-fixtures";

/** A program template row of the studio (inserted directly: the template routes are another module's). */
export async function addTemplate(
  t: TestApp,
  studioId: string,
  fields: Partial<typeof programTemplates.$inferInsert> = {},
) {
  const [row] = await t.deps.database.db
    .insert(programTemplates)
    .values({
      studioId,
      type: "TRAINING",
      name: "כוח למתחילים",
      displayName: "תוכנית הכוח שלך",
      content: { schemaVersion: 2, meta: { workoutsPerWeek: 3 }, days: [{ id: "d1", label: "Day A" }] },
      ...fields,
    })
    .returning();
  return row!;
}

/** A trainee with a device (pushes are queued, not skipped for NO_PUSH_TOKEN). */
export async function addTraineeWithDevice(
  t: TestApp,
  studioId: string,
  fields: Parameters<typeof addTrainee>[2] = {},
) {
  const trainee = await addTrainee(t, studioId, fields);
  await t.deps.database.db
    .insert(pushTokens)
    .values({ studioId, clientId: trainee.id, token: `ExponentPushToken[${trainee.id}]`, platform: "ios" });
  return trainee;
}

/** A submitted response of `clientId` to a new form of `type` (INTAKE unless given). */
export async function addFormResponse(t: TestApp, studioId: string, clientId: string, type = "INTAKE") {
  const db = t.deps.database.db;
  const [form] = await db
    .insert(forms)
    .values({ studioId, name: `${type} form`, type })
    .returning();
  const [response] = await db
    .insert(formResponses)
    .values({ studioId, formId: form!.id, clientId, answers: { goal: "strength" } })
    .returning();
  return response!;
}

export const programsOf = (t: TestApp, clientId: string) =>
  t.deps.database.db.select().from(programs).where(eq(programs.clientId, clientId));

export const programsOfTemplate = (t: TestApp, templateId: string) =>
  t.deps.database.db.select().from(programs).where(eq(programs.sourceTemplateId, templateId));

export const activitiesOf = (t: TestApp, clientId: string) =>
  t.deps.database.db.select().from(traineeActivities).where(eq(traineeActivities.clientId, clientId));

export const pushesOf = (t: TestApp, clientId: string, type?: string) =>
  t.deps.database.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.clientId, clientId), type ? eq(notifications.type, type) : undefined));

/** plan-activated jobs of a studio, oldest first. */
export async function planActivatedJobs(t: TestApp, studioId: string) {
  return (await t.jobsNamed("plan-activated")).filter((j) => j.data.studioId === studioId);
}

/** deliver-push jobs of a studio. */
export async function deliveryJobs(t: TestApp, studioId: string) {
  return (await t.jobsNamed("deliver-push")).filter((j) => j.data.studioId === studioId);
}
