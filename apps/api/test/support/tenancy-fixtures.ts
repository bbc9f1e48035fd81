import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { expect } from "vitest";
import { coaches, formResponses, forms, programs } from "@studio/db";
import { assignForm, assignSubscription, registerWebhook } from "@studio/domain";
import type { TestApp, WebUserContext } from "./harness";
import { insertEvent } from "./calendar-fixtures";
import { traineeRequest } from "./notification-fixtures";
import { addClient, addCoach, uniquePhone } from "./team-fixtures";

/**
 * One of every resource a path id can name, for the tenancy matrix (tenancy-matrix.test.ts).
 * A studio gets its studio-wide resources (ids by kind) and one or two trainees with every
 * trainee-owned resource (ids by kind as well). Kinds are the names of PARAM_KINDS there.
 */

export type Ids = Record<string, string>;

export interface SeededTrainee {
  id: string;
  phone: string;
  token: string;
  /** The trainee's own resources by kind (trainee, workoutLog, weighIn, …). */
  ids: Ids;
}

export interface SeededStudio {
  owner: WebUserContext;
  studioId: string;
  apiKey: string;
  /** Studio-wide resources by kind. */
  ids: Ids;
  /** The main trainee: the trainee lane's caller, assigned to the limited coach. */
  trainee: SeededTrainee;
  /** A second trainee of the studio, not assigned to the limited coach. */
  other?: SeededTrainee;
  /** A SUB_COACH whose permissions trainees is "assigned" (assigned to `trainee` only). */
  limitedCoach?: WebUserContext;
}

type Answer = { status: number; body: any };
const ok = (res: Answer, what: string) => {
  expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body.data;
};

let serial = 0;
const tag = (label: string) => `${label}-${Date.now().toString(36)}-${(serial += 1)}`;

/** Seeds a studio; with `limited`, also a limited coach and a second (unassigned) trainee. */
export async function seedStudio(t: TestApp, owner: WebUserContext, limited: boolean): Promise<SeededStudio> {
  const db = t.deps.database.db;
  const studio = ok(await t.web("GET", "/v1/web/studio", owner), "studio");
  const studioId = studio.id as string;
  const web = async (method: string, path: string, body: unknown, what: string) =>
    ok(await t.web(method, path, owner, body), what);

  const coach = ok(
    await t.web("POST", "/v1/web/coaches", owner, {
      firstName: "Plain",
      lastName: "Coach",
      email: `${tag("coach")}@example.com`,
      phone: uniquePhone().local,
    }),
    "coach",
  );
  const lead = await web("POST", "/v1/web/crm/leads", { name: "Lead", phone: "0501234567" }, "lead");
  const status = await web("POST", "/v1/web/crm/statuses", { label: "Custom", color: "#336699" }, "status");
  const plainTask = await web("POST", "/v1/web/tasks", { title: "Task" }, "task");
  const taskAutomation = await web(
    "POST",
    "/v1/web/task-automations",
    { trigger: "SUBSCRIPTION_ASSIGNED", title: "Welcome call" },
    "task automation",
  );
  const key = await web("POST", "/v1/web/studios/current/api-keys", { name: "matrix" }, "api key");
  const content = await web(
    "POST",
    "/v1/web/content",
    { type: "recipe", title: "Matrix", isPublished: true },
    "content item",
  );
  const category = await web("POST", "/v1/web/content/categories", { name: tag("cat") }, "category");
  const contentTag = await web("POST", "/v1/web/content/tags", { name: tag("tag") }, "content tag");
  const template = await web(
    "POST",
    "/v1/web/program-templates",
    { type: "TRAINING", name: "Matrix", content: {} },
    "program template",
  );
  const plan = await web(
    "POST",
    "/v1/web/plans",
    { name: "Matrix", durationValue: 1, durationUnit: "MONTHS" },
    "plan",
  );
  const food = await web("POST", "/v1/web/foods", { name: "Matrix food" }, "food");
  const [form] = await db
    .insert(forms)
    .values({
      studioId,
      name: "Matrix",
      type: "ONE_TIME",
      fields: [
        {
          key: "q1",
          label: "q1",
          kind: "text",
          required: false,
          filledBy: "trainee",
          options: null,
          page: null,
          x: null,
          y: null,
          w: null,
          h: null,
        },
      ],
    })
    .returning();
  const hook = await registerWebhook(
    db,
    { ...t.scopeFor(studioId), actor: { kind: "apiKey", apiKeyId: key.id, studioName: "Matrix" } },
    { targetUrl: "https://hooks.example.com/matrix" },
  );
  const [ownerCoach] = await db
    .select({ id: coaches.id })
    .from(coaches)
    .where(and(eq(coaches.studioId, studioId), eq(coaches.externalUserId, owner.userId!)));
  const window = await web(
    "POST",
    "/v1/web/calendar/availability",
    {
      coachId: ownerCoach!.id,
      kind: "RECURRING",
      weekday: 1,
      startMinute: 540,
      endMinute: 600,
      durationMin: 60,
      slotType: "TRAINING",
    },
    "availability window",
  );

  const ids: Ids = {
    coach: coach.id,
    lead: lead.id,
    crmStatus: status.id,
    task: plainTask.id,
    taskAutomation: taskAutomation.id,
    apiKey: key.id,
    contentItem: content.id,
    contentCategory: category.id,
    contentTag: contentTag.id,
    programTemplate: template.id,
    plan: plan.id,
    food: food.id,
    form: form!.id,
    hook: hook.id,
    availabilityWindow: window.id,
    studio: studioId,
  };
  const base = { t, owner, studioId, ownerCoachId: ownerCoach!.id, ids };

  let limitedCoach: WebUserContext | undefined;
  let coachIds: string[] | undefined;
  if (limited) {
    const added = await addCoach(t, owner, { permissions: { trainees: "assigned" } });
    limitedCoach = added.as;
    coachIds = [added.coach.id];
  }
  const trainee = await seedTrainee(base, coachIds);
  const other = limited ? await seedTrainee(base, undefined) : undefined;
  return { owner, studioId, apiKey: key.key, ids, trainee, other, limitedCoach };
}

async function seedTrainee(
  s: { t: TestApp; owner: WebUserContext; studioId: string; ownerCoachId: string; ids: Ids },
  coachIds: string[] | undefined,
): Promise<SeededTrainee> {
  const { t, owner, studioId } = s;
  const db = t.deps.database.db;
  const client = await addClient(t, owner, coachIds ? { coachIds } : {});
  const token = t.traineeToken(client.id, studioId);
  const call = async (method: string, path: string, body: unknown, what: string) =>
    ok(await traineeRequest(t, token, method, path, body), what);

  const weighIn = await call("POST", "/v1/trainee/weight", { weightKg: 80 }, "weigh-in");
  const waterId = tag("water");
  await call("POST", "/v1/trainee/water", { amountMl: 250, requestId: waterId }, "water");
  const cardio = await call("POST", "/v1/trainee/cardio", { kind: "walking", minutes: 10 }, "cardio");
  const workoutLog = await call("POST", "/v1/trainee/workout-logs", {}, "workout log");
  const mealLog = await call("POST", "/v1/trainee/meal-logs", { note: "matrix" }, "meal log");
  const shoppingItem = await call(
    "POST",
    "/v1/trainee/shopping/list",
    { foodId: s.ids.food },
    "shopping item",
  );
  const pushToken = `ExponentPushToken[${tag("push")}]`;
  await call("POST", "/v1/trainee/push-tokens", { token: pushToken, platform: "ios" }, "push token");
  const mealId = tag("meal");
  const [program] = await db
    .insert(programs)
    .values({
      studioId,
      clientId: client.id,
      type: "NUTRITION",
      name: "Matrix meals",
      content: { days: [{ id: tag("day"), meals: [{ id: mealId, items: [{ id: tag("item") }] }] }] },
    })
    .returning();
  const meeting = await insertEvent(t, {
    studioId,
    coachId: coachIds?.[0] ?? s.ownerCoachId,
    clientId: client.id,
    startsAt: new Date(Date.now() + 3 * 86_400_000),
    endsAt: new Date(Date.now() + 3 * 86_400_000 + 3_600_000),
    status: "CONFIRMED",
  });
  const { assignment } = await assignForm(db, t.scopeFor(studioId), {
    clientId: client.id,
    formId: s.ids.form!,
    push: false,
    source: "coach",
  });
  const [intakeForm] = await db
    .insert(forms)
    .values({ studioId, name: "Intake", type: "INTAKE" })
    .returning();
  const [response] = await db
    .insert(formResponses)
    .values({ studioId, formId: intakeForm!.id, clientId: client.id })
    .returning();
  const task = ok(
    await t.web("POST", "/v1/web/tasks", owner, { title: "About the trainee", traineeId: client.id }),
    "trainee task",
  );
  const scope = t.scopeFor(studioId);
  await assignSubscription(db, scope, { clientId: client.id, planId: s.ids.plan! });
  const queued = await assignSubscription(db, scope, {
    clientId: client.id,
    planId: s.ids.plan!,
    startDate: "2099-01-01",
  });
  return {
    id: client.id,
    phone: client.phone,
    token,
    ids: {
      trainee: client.id,
      traineePhone: client.phone,
      weighIn: weighIn.id,
      waterEntry: waterId,
      cardioEntry: cardio.id,
      workoutLog: workoutLog.id,
      mealLog: mealLog.id,
      shoppingItem: shoppingItem.id,
      pushToken,
      planMeal: mealId,
      program: program!.id,
      meeting: meeting.id,
      formAssignment: assignment.id,
      formResponse: response!.id,
      traineeTask: task.id,
      subscription: queued.id,
    },
  };
}

/** A value of the same shape as the kind's ids that names nothing. */
export function missingValueOf(kind: string): string {
  switch (kind) {
    case "traineePhone":
      return uniquePhone().e164;
    case "pushToken":
      return `ExponentPushToken[${tag("missing")}]`;
    case "waterEntry":
      return tag("water-missing");
    case "planMeal":
      return tag("meal-missing");
    default:
      return randomUUID();
  }
}

/**
 * The rows a caller of another studio must never change: every row of studio `studioId` (tables
 * with a studio_id column), and every row about the given trainees (tables with a client_id or
 * trainee_id column, and their clients rows), as text, keyed by table. Last-activity stamps are left out.
 */
export async function snapshotRows(t: TestApp, studioId: string, clientIds: string[]) {
  const db = t.deps.database.db;
  const columns = (await db.execute(sql`
    select table_name, column_name from information_schema.columns
    where table_schema = 'public' and column_name in ('studio_id', 'client_id', 'trainee_id', 'id')
  `)) as unknown as { table_name: string; column_name: string }[];
  const byTable = new Map<string, Set<string>>();
  for (const c of columns) {
    if (!byTable.has(c.table_name)) byTable.set(c.table_name, new Set());
    byTable.get(c.table_name)!.add(c.column_name);
  }
  const ids = sql.join(
    clientIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const out: Record<string, string[]> = {};
  for (const [table, cols] of [...byTable.entries()].sort()) {
    const where = [];
    if (cols.has("studio_id")) where.push(sql`studio_id = ${studioId}`);
    if (cols.has("client_id")) where.push(sql`client_id in (${ids})`);
    if (cols.has("trainee_id")) where.push(sql`trainee_id in (${ids})`);
    if (table === "clients") where.push(sql`id in (${ids})`);
    if (table === "studios") where.push(sql`id = ${studioId}`);
    if (!where.length) continue;
    const rows = (await db.execute(
      sql`select to_jsonb(x) - 'last_active_at' - 'last_seen_at' as row from ${sql.identifier(table)} x where ${sql.join(where, sql` or `)}`,
    )) as unknown as { row: unknown }[];
    out[table] = rows.map((r) => JSON.stringify(r.row)).sort();
  }
  return out;
}

/** Tables whose rows differ between two snapshots, with the rows that appeared or went. */
export function snapshotDiff(before: Record<string, string[]>, after: Record<string, string[]>): string[] {
  const out: string[] = [];
  for (const table of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const was = new Set(before[table] ?? []);
    const now = new Set(after[table] ?? []);
    const gone = [...was].filter((r) => !now.has(r));
    const added = [...now].filter((r) => !was.has(r));
    if (gone.length || added.length)
      out.push(
        `${table}: -${gone.map((r) => r.slice(0, 300)).join(" | ")} +${added.map((r) => r.slice(0, 300)).join(" | ")}`,
      );
  }
  return out;
}
