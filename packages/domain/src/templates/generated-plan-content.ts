import { z } from "zod";
import { MEAL_TYPES, PLAN_CONTENT_LIMITS, type MealType } from "@studio/contracts";

// What the language model writes for POST /v1/web/program-templates/generate-ai (document 2),
// and its mapping into builder content. The schemas stay plain (they become strict JSON schemas):
// clean-ups and bounds are applied here and by the normalizers.

const notBlank = (value: string) => value.replace(/\u0000/g, "").trim() !== "";

/** Training days a generated plan keeps (one per workout of a week at most). */
export const GENERATED_TRAINING_DAYS_MAX = PLAN_CONTENT_LIMITS.workoutsPerWeek;
/** Nutrition days a generated plan keeps (a week's rotation). */
export const GENERATED_NUTRITION_DAYS_MAX = 7;

const planName = z.string().describe("the plan's name, in Hebrew").refine(notBlank, "must not be blank");
const planLevel = z
  .string()
  .describe("the trainee level the plan suits, in Hebrew (for example מתחילים, מתקדמים); empty when none");

export const TrainingPlanAnswer = z.object({
  name: planName,
  level: planLevel,
  workoutsPerWeek: z.number().describe("training sessions per week"),
  days: z
    .array(
      z.object({
        focus: z
          .string()
          .describe("what the workout trains, in Hebrew (for example חזה וכתפיים); may be empty"),
        exercises: z.array(
          z.object({
            exercise: z.string().describe("the exercise's name, in Hebrew"),
            muscle: z.string().describe("the main muscle group, in Hebrew"),
            sets: z.number().describe("number of working sets"),
            reps: z.string().describe("repetitions per set, for example 8-12"),
            rest: z.string().describe("rest between sets, for example 90 שניות"),
            weight: z.string().describe("load guidance; empty when none"),
            rir: z.string().describe("reps in reserve, for example 2; empty when none"),
            tempo: z.string().describe("tempo, for example 3-1-1; empty when none"),
            notes: z.string().describe("technique cues, in Hebrew; empty when none"),
          }),
        ),
        aerobic: z
          .array(
            z.object({
              type: z.string().describe("the cardio activity, in Hebrew"),
              minutes: z.number().describe("minutes"),
            }),
          )
          .describe("cardio of this workout; empty when none"),
      }),
    )
    .describe("one entry per distinct workout of the week, in order"),
});
export type TrainingPlanAnswer = z.infer<typeof TrainingPlanAnswer>;

export const NutritionPlanAnswer = z.object({
  name: planName,
  level: planLevel,
  targets: z
    .object({
      kcal: z.number().describe("daily calories"),
      protein: z.number().describe("daily protein, grams"),
      carbs: z.number().describe("daily carbohydrates, grams"),
      fat: z.number().describe("daily fat, grams"),
      water: z.number().describe("daily water, litres"),
    })
    .describe("the daily targets, the same for every day"),
  days: z
    .array(
      z.object({
        meals: z.array(
          z.object({
            type: z
              .enum(MEAL_TYPES)
              .describe("breakfast, snack_am, lunch, pre (workout), post (workout), dinner"),
            items: z.array(
              z.object({
                food: z.string().describe("the food, in Hebrew"),
                grams: z.number().describe("portion weight in grams"),
              }),
            ),
          }),
        ),
      }),
    )
    .describe("one day, or a rotation of a few distinct days"),
});
export type NutritionPlanAnswer = z.infer<typeof NutritionPlanAnswer>;

export const TRAINING_PLAN_SYSTEM_PROMPT = [
  "You write a training program template for a fitness coach.",
  "Write every text in Hebrew, except numbers and units such as 8-12 or 3-1-1.",
  "Follow the coach's request: goal, level, days per week, equipment and limitations.",
  "days: one entry per distinct workout of the week, in order; exercises in the order they are performed.",
  "For each exercise give its name, the main muscle group, the number of working sets, reps, rest,",
  "load guidance, reps in reserve and tempo where relevant, and short technique notes.",
  "aerobic: the cardio of that workout in minutes (empty when the plan has none).",
  "name: a short plan name; level: the trainee level it suits.",
].join("\n");

export const NUTRITION_PLAN_SYSTEM_PROMPT = [
  "You write a nutrition plan template for a fitness coach.",
  "Write every text in Hebrew.",
  "Follow the coach's request: goal, calories, preferences, allergies and number of meals.",
  "targets: the daily calories, protein, carbohydrates and fat in grams, and water in litres.",
  "days: usually one day; a few distinct days only when the coach asks for variety.",
  "meals: each of type breakfast, snack_am, lunch, pre, post or dinner, in the order of the day.",
  "items: one food per entry with its portion weight in grams.",
  "name: a short plan name; level: the trainee level it suits.",
].join("\n");

/** The coach's request as the user message. */
export const planPrompt = (prompt: string) => `The coach's request:\n"""\n${prompt}\n"""`;

/** Hebrew day labels: יום א׳, יום ב׳, … (fourteen at most). */
const HEBREW_DAY_NUMBERS = [
  "א׳",
  "ב׳",
  "ג׳",
  "ד׳",
  "ה׳",
  "ו׳",
  "ז׳",
  "ח׳",
  "ט׳",
  "י׳",
  "י״א",
  "י״ב",
  "י״ג",
  "י״ד",
] as const;

/** Hebrew meal labels by type. */
export const HEBREW_MEAL_LABELS: Record<MealType, string> = {
  breakfast: "ארוחת בוקר",
  snack_am: "ארוחת ביניים",
  lunch: "ארוחת צהריים",
  pre: "לפני אימון",
  post: "אחרי אימון",
  dinner: "ארוחת ערב",
};

/** A text on one line: NUL removed, lines trimmed and joined by a space. */
export const oneLine = (value: string) =>
  value
    .replace(/\u0000/g, "")
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "")
    .join(" ");

/** Cut at `max` UTF-16 units without splitting a surrogate pair. */
export function cut(value: string, max: number): string {
  if (value.length <= max) return value;
  const head = value.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(head) ? head.slice(0, -1) : head;
}

const finite = (value: number) => (Number.isFinite(value) ? value : 0);

/** The day label: יום א׳, then " – focus" when the model named one. */
export function hebrewDayLabel(index: number, focus: string): string {
  const day = `יום ${HEBREW_DAY_NUMBERS[index] ?? String(index + 1)}`;
  const what = oneLine(focus);
  return what ? `${day} – ${what}` : day;
}

/**
 * Training builder content from the model's plan, written as version 1 (days with an aerobic
 * list) so the normalizer's upgrade turns the aerobic minutes into the cardio requirement (the
 * most common workout total per workout, cardioOnly) exactly as for stored version 1 content.
 * Every exerciseId is null; the exercise's name opens the row's notes.
 */
export function trainingContentFrom(answer: TrainingPlanAnswer): Record<string, unknown> {
  return {
    schemaVersion: 1,
    meta: { workoutsPerWeek: finite(answer.workoutsPerWeek) },
    days: answer.days.slice(0, GENERATED_TRAINING_DAYS_MAX).map((day, index) => ({
      label: hebrewDayLabel(index, day.focus),
      strength: day.exercises.map((exercise) => ({
        exerciseId: null,
        muscle: oneLine(exercise.muscle),
        sets: Math.max(0, Math.round(finite(exercise.sets))),
        reps: oneLine(exercise.reps),
        rest: oneLine(exercise.rest),
        weight: oneLine(exercise.weight),
        rir: oneLine(exercise.rir),
        tempo: oneLine(exercise.tempo),
        notes: [oneLine(exercise.exercise), exercise.notes.replace(/\u0000/g, "").trim()]
          .filter((part) => part !== "")
          .join("\n"),
      })),
      aerobic: day.aerobic.map((entry) => ({
        type: oneLine(entry.type),
        minutes: Math.max(0, finite(entry.minutes)),
      })),
    })),
  };
}

/**
 * Nutrition builder content from the model's plan: the one targets block on every day (kcal
 * marked as typed by the coach, since no portion has a food to derive it from), meals labelled
 * in Hebrew by type, items with foodId null, the generated food name kept only in the item's
 * note and the grams as qty (blank when not positive: the builder default applies).
 */
export function nutritionContentFrom(answer: NutritionPlanAnswer): Record<string, unknown> {
  const targets = {
    kcal: finite(answer.targets.kcal),
    protein: finite(answer.targets.protein),
    carbs: finite(answer.targets.carbs),
    fat: finite(answer.targets.fat),
    water: finite(answer.targets.water),
    kcalOverride: true,
  };
  const days = answer.days.length ? answer.days.slice(0, GENERATED_NUTRITION_DAYS_MAX) : [{ meals: [] }];
  return {
    schemaVersion: 1,
    meta: {},
    days: days.map((day) => ({
      targets: { ...targets },
      meals: day.meals.map((meal) => ({
        type: meal.type,
        label: HEBREW_MEAL_LABELS[meal.type],
        items: meal.items.map((item) => {
          const grams = Math.round(finite(item.grams));
          return {
            foodId: null,
            qty: grams > 0 ? String(grams) : "",
            note: oneLine(item.food),
          };
        }),
      })),
    })),
  };
}
