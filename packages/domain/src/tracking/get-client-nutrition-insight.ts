import { createHash } from "node:crypto";
import { z } from "zod";
import { TRACKING_RANGE_DAYS, type NutritionInsight, type TrackingRangeQuery } from "@studio/contracts";
import type { Db } from "@studio/db";
import type { KvStore } from "@studio/kv";
import type { StudioScope } from "../scope";
import { lastDays } from "../time/day-keys";
import { loadNutritionSubject } from "./nutrition-subject";
import { loadNutritionSpan, summarizeNutrition, unitOf } from "./nutrition-period";

/** Document 2 limits "Insight": cache 6 hours, cache read wait 300 ms, model timeout 12 seconds; one retry. */
export const INSIGHT_CACHE_TTL_MS = 6 * 60 * 60 * 1000;
export const INSIGHT_CACHE_READ_MS = 300;
export const INSIGHT_MODEL_TIMEOUT_MS = 12_000;
export const INSIGHT_MODEL_RETRIES = 1;
/** Longest sentence kept (a longer answer is cut at a word). */
const SENTENCE_MAX = 400;

const InsightAnswer = z.object({ sentence: z.string() });

const SYSTEM_PROMPT =
  "You are a nutrition coach's assistant. From the figures of a trainee's nutrition tracking, write ONE short, " +
  "encouraging and concrete sentence in Hebrew for the coach. No greetings, no lists, no numbers you were not given.";

/** Resolves to the promise's value, or `fallback` after `ms` or on failure. */
async function within<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise.catch(() => fallback),
      new Promise<T>((resolve) => {
        timer = setTimeout(() => resolve(fallback), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

const cleanSentence = (text: string): string | null => {
  const one = text.replace(/\s+/g, " ").trim();
  if (one === "") return null;
  return one.length > SENTENCE_MAX ? one.slice(0, SENTENCE_MAX).replace(/\s+\S*$/, "") : one;
};

/**
 * `GET /v1/web/clients/:id/tracking/nutrition/insight?range` (document 2 "Insight"): runs the
 * nutrition view without comparison and passes its counts and averages to the language model
 * (one retry, 12 s per attempt) for one Hebrew sentence. null, without a model call, when no
 * model is configured, no day is logged or no average exists; a model failure is null too. A
 * sentence is cached 6 hours per trainee and input hash (the kv store; a read waits at most
 * 300 ms, a failed or slow read is a miss); only real sentences are cached.
 */
export async function getClientNutritionInsight(
  db: Db,
  scope: StudioScope,
  input: TrackingRangeQuery,
  kv: KvStore,
): Promise<NutritionInsight> {
  const subject = await loadNutritionSubject(db, scope, input.id);
  const model = scope.model;
  if (!model) return { sentence: null };
  const range = lastDays(scope.now, subject.zone, TRACKING_RANGE_DAYS[input.range]);
  const days = await loadNutritionSpan(db, scope, subject, range);
  const unit = unitOf(days);
  const period = summarizeNutrition(range, days, unit, subject.plan.kind === "plan");
  if (period.loggedDays === 0 || (!period.averageConsumed && !period.averageTarget))
    return { sentence: null };

  const facts = {
    range: input.range,
    days: period.days.length,
    loggedDays: period.loggedDays,
    fullDays: period.fullDays,
    adherencePct: period.adherencePct,
    unit,
    filePlan: subject.plan.kind === "file",
    averageConsumed: period.averageConsumed,
    averageTarget: period.averageTarget,
  };
  const hash = createHash("sha256").update(JSON.stringify(facts)).digest("hex").slice(0, 32);
  const key = `nutrition-insight:${scope.studioId}:${subject.clientId}:${hash}`;
  const cached = await within(kv.get(key), INSIGHT_CACHE_READ_MS, null);
  if (cached) return { sentence: cached };

  const answer = await model.generate({
    schemaName: "nutrition_insight",
    schema: InsightAnswer,
    system: SYSTEM_PROMPT,
    prompt:
      "Figures (calories in kcal; protein, carbs and fat in " +
      (unit === "exchanges" ? "exchange portions" : "grams") +
      "; averages over logged days only):\n" +
      JSON.stringify(facts),
    timeoutMs: INSIGHT_MODEL_TIMEOUT_MS,
    retries: INSIGHT_MODEL_RETRIES,
  });
  if (!answer.ok) {
    scope.logger.warn("nutrition insight failed", { failure: answer.failure });
    return { sentence: null };
  }
  const sentence = cleanSentence(answer.value.sentence);
  if (!sentence) return { sentence: null };
  await within(kv.set(key, sentence, INSIGHT_CACHE_TTL_MS), INSIGHT_CACHE_READ_MS, undefined);
  return { sentence };
}
