import { eq } from "drizzle-orm";
import { signServiceRequest } from "@studio/auth";
import {
  clients,
  customMeals,
  foodOverrides,
  foods,
  mealLogs,
  nutritionDayMeals,
  programs,
} from "@studio/db";
import { userHeaders, type TestApp, type WebUserContext } from "./harness";
import { addClient, studioIdOf } from "./team-fixtures";

// Fixtures of the coach nutrition views: rows written straight to their tables (the trainee app
// writes them in production) and a web caller signed at the app's fixed clock.

/** A TestApp whose web calls are signed at `clockMs()` (the app runs on a fixed clock). */
export function signedAt(t: TestApp, clockMs: () => number): TestApp {
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

export interface NutritionTrainee {
  studioId: string;
  clientId: string;
  owner: WebUserContext;
}

/** A trainee of `owner`'s studio in Asia/Jerusalem (created over the web lane). */
export async function nutritionTrainee(
  w: TestApp,
  owner: WebUserContext,
  body: Record<string, unknown> = {},
): Promise<NutritionTrainee> {
  const studioId = await studioIdOf(w, owner);
  const client = await addClient(w, owner, body);
  await w.deps.database.db
    .update(clients)
    .set({ timezone: "Asia/Jerusalem" })
    .where(eq(clients.id, client.id));
  return { studioId, clientId: client.id, owner };
}

type Subject = { studioId: string; clientId: string };

/** A library food (studioId null: a system food), per 100 g. */
export async function insertFood(t: TestApp, values: Partial<typeof foods.$inferInsert> & { name: string }) {
  const [row] = await t.deps.database.db
    .insert(foods)
    .values({ studioId: null, kcal: 100, protein: 10, carbs: 10, fat: 1, ...values })
    .returning();
  return row!;
}

export async function insertOverride(t: TestApp, values: typeof foodOverrides.$inferInsert) {
  await t.deps.database.db.insert(foodOverrides).values(values);
}

export interface PlanMeal {
  id: string;
  type: string;
  label?: string;
  time?: string;
  items: { id: string; foodId: string; qty: string }[];
}
export interface PlanDay {
  id: string;
  targets?: Record<string, number>;
  meals: PlanMeal[];
}

/** An ACTIVE NUTRITION program (or a file plan with pdfUrl). */
export async function insertNutritionPlan(
  t: TestApp,
  s: Subject,
  days: PlanDay[],
  fields: Partial<typeof programs.$inferInsert> = {},
) {
  const [row] = await t.deps.database.db
    .insert(programs)
    .values({
      studioId: s.studioId,
      clientId: s.clientId,
      type: "NUTRITION",
      name: "Nutrition",
      content: fields.pdfUrl
        ? {}
        : {
            schemaVersion: 1,
            days: days.map((d) => ({
              id: d.id,
              label: d.id,
              targets: { kcal: 2000, protein: 150, carbs: 200, fat: 60, water: 3, ...d.targets },
              meals: d.meals.map((m) => ({ label: m.label ?? m.type, ...m })),
            })),
          },
      ...fields,
    })
    .returning();
  return row!;
}

export async function insertSnapshot(
  t: TestApp,
  s: Subject,
  values: {
    date: string;
    mealId: string;
    status: string;
    replacementName?: string | null;
    items?: { itemId: string; eaten: boolean; qty?: number | null; swapFoodId?: string | null }[];
    addedItems?: { foodId: string; qty: number }[];
  },
) {
  await t.deps.database.db.insert(nutritionDayMeals).values({
    studioId: s.studioId,
    clientId: s.clientId,
    date: values.date,
    mealId: values.mealId,
    status: values.status,
    replacementName: values.replacementName ?? null,
    items: (values.items ?? []).map((i) => ({ qty: null, swapFoodId: null, ...i })),
    addedItems: values.addedItems ?? [],
  });
}

export interface Food {
  foodId?: string | null;
  name: string;
  qty?: number | null;
  kcal?: number | null;
  protein?: number | null;
  carbs?: number | null;
  fat?: number | null;
}
const stored = (items: Food[]) =>
  items.map((i) => ({
    foodId: i.foodId ?? null,
    name: i.name,
    qty: i.qty ?? null,
    kcal: i.kcal ?? null,
    protein: i.protein ?? null,
    carbs: i.carbs ?? null,
    fat: i.fat ?? null,
  }));

/** A free meal log at `consumedAt` (its day is the Jerusalem day unless given). */
export async function insertMealLog(
  t: TestApp,
  s: Subject,
  values: { consumedAt: string; day: string; items?: Food[]; note?: string | null; photoUrl?: string | null },
) {
  const [row] = await t.deps.database.db
    .insert(mealLogs)
    .values({
      studioId: s.studioId,
      clientId: s.clientId,
      consumedAt: new Date(values.consumedAt),
      day: values.day,
      source: "FREE",
      items: stored(values.items ?? []),
      note: values.note ?? null,
      photoUrl: values.photoUrl ?? null,
    })
    .returning();
  return row!;
}

export async function insertCustomMeal(
  t: TestApp,
  s: Subject,
  values: {
    date: string;
    label: string;
    items?: Food[];
    note?: string | null;
    photoUrl?: string | null;
    mealLogId?: string | null;
  },
) {
  const [row] = await t.deps.database.db
    .insert(customMeals)
    .values({
      studioId: s.studioId,
      clientId: s.clientId,
      date: values.date,
      label: values.label,
      items: stored(values.items ?? []),
      note: values.note ?? null,
      photoUrl: values.photoUrl ?? null,
      mealLogId: values.mealLogId ?? null,
    })
    .returning();
  return row!;
}
