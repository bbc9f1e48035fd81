import {
  DEFAULT_REP_TYPE,
  PLAN_CONTENT_LIMITS,
  REQUIREMENT_MODES,
  REQUIREMENT_SCOPES,
  SET_TYPES,
  TECHNIQUE_VIDEO_MODES,
  TRAINING_CONTENT_SCHEMA_VERSION,
  type StrengthRow,
  type TechniqueVideoRule,
  type TrainingContent,
  type TrainingDay,
  type TrainingMeta,
  type TrainingRequirement,
  type TrainingSet,
} from "@studio/contracts";
import {
  asRecord,
  assignDayIds,
  assignSiblingIds,
  Budget,
  cleanId,
  cleanText,
  cleanToken,
  dayLetterLabel,
  defaultNewId,
  field,
  importMetaOf,
  isIsoInstant,
  oneOf,
  positiveIntOf,
  positiveIntString,
  readCount,
  readWholeClamped,
  recordsOf,
  type NormalizeContentOptions,
  type UnknownRecord,
} from "./plan-values";
import { planDayCardioMinutes, planStepsDaily, workoutsPerWeekOf } from "./training-rules";
import { isTrainingContentV1 } from "./is-training-content-v1";
import { upgradeTrainingContentV1 } from "./upgrade-training-content-v1";

const L = PLAN_CONTENT_LIMITS;

/** Sets a strength row gets when it comes without any (builder default; none for imported content). */
export const DEFAULT_SET_COUNT = 3;

interface RowContext {
  imported: boolean;
  newId: () => string;
  sets: Budget;
}

/**
 * Document 2 "Plan content (normalized on save)", training content schemaVersion 2. Never
 * throws: reads what it recognizes, fills the builder defaults, drops everything else, bounds
 * every list and text (PLAN_CONTENT_LIMITS). Version 1 content is upgraded first (so the read
 * path and the save path agree). The result is a fixed point: normalizing it again returns an
 * equal value (missing ids are generated once and kept afterwards).
 *
 * `options.stored`: the stored content; its import-stamped meta keys (imported, source, draft,
 * goalSet) are kept when the saved content does not echo them.
 */
export function normalizeTrainingContent(
  raw: unknown,
  options: NormalizeContentOptions = {},
): TrainingContent {
  const source = isTrainingContentV1(raw) ? upgradeTrainingContentV1(raw) : raw;
  const root = asRecord(source);
  const rawMeta = asRecord(field(root, "meta"));
  const imports = importMetaOf(rawMeta, options.stored);
  const imported = imports.imported === true;

  const meta: TrainingMeta = {
    workoutsPerWeek: readWorkoutsPerWeek(field(rawMeta, "workoutsPerWeek")),
    requirement: normalizeRequirement(field(rawMeta, "requirement")),
    ...imports,
  };

  const dayRecords = recordsOf(field(root, "days"), L.days);
  const dayCount = Math.max(1, dayRecords.length);
  const perWorkout = workoutsPerWeekOf(meta.workoutsPerWeek, dayCount);
  const planCardio = planDayCardioMinutes(meta.requirement, perWorkout);
  const planSteps = planStepsDaily(meta.requirement);

  const context: RowContext = {
    imported,
    newId: options.newId ?? defaultNewId,
    sets: new Budget(L.setsTotal),
  };
  const rows = new Budget(L.rowsTotal);
  const ids = assignDayIds(
    dayRecords.map((day) => cleanId(field(day, "id"))),
    "d",
  );

  const days: TrainingDay[] = dayRecords.map((day, index) => ({
    id: ids[index] ?? `d${index + 1}`,
    label: cleanText(field(day, "label"), L.label) || dayLetterLabel(index),
    strength: rows.takeRecords(field(day, "strength"), L.rowsPerDay).map((row) => normalizeRow(row, context)),
    cardioMinutes: blankWhenPlanValue(
      positiveIntString(field(day, "cardioMinutes"), L.dayCardioMinutes),
      planCardio,
    ),
    stepsDaily: blankWhenPlanValue(positiveIntString(field(day, "stepsDaily"), L.dayStepsDaily), planSteps),
  }));
  if (days.length === 0)
    days.push({ id: "d1", label: dayLetterLabel(0), strength: [], cardioMinutes: "", stepsDaily: "" });

  return { schemaVersion: TRAINING_CONTENT_SCHEMA_VERSION, meta, days };
}

/** meta.workoutsPerWeek: a number (or numeric string) rounded, at least 1 (else null), at most 14. */
function readWorkoutsPerWeek(value: unknown): number | null {
  const n = readWholeClamped(value, L.workoutsPerWeek);
  return n === undefined || n < 1 ? null : n;
}

/** meta.requirement: mode (default both), scope (default weekly), whole non-negative targets (default 0). */
function normalizeRequirement(value: unknown): TrainingRequirement {
  const raw = asRecord(value);
  return {
    mode: oneOf(field(raw, "mode"), REQUIREMENT_MODES) ?? "both",
    scope: oneOf(field(raw, "scope"), REQUIREMENT_SCOPES) ?? "weekly",
    cardioMinutes: readWholeClamped(field(raw, "cardioMinutes"), L.requirementCardioMinutes) ?? 0,
    stepsDaily: readWholeClamped(field(raw, "stepsDaily"), L.requirementStepsDaily) ?? 0,
  };
}

/** "a value equal to the plan value is blanked" */
function blankWhenPlanValue(value: string, planValue: number): string {
  return value !== "" && positiveIntOf(value) === planValue ? "" : value;
}

function normalizeRow(raw: UnknownRecord, context: RowContext): StrengthRow {
  const text = (key: string, max: number = L.value) => cleanText(field(raw, key), max) ?? "";
  return {
    exerciseId: cleanId(field(raw, "exerciseId")) ?? null,
    muscle: text("muscle", L.muscle),
    sets: normalizeSets(field(raw, "sets"), context),
    reps: text("reps"),
    repType: cleanToken(field(raw, "repType")) ?? DEFAULT_REP_TYPE,
    rest: text("rest"),
    weight: text("weight"),
    rir: text("rir"),
    tempo: text("tempo"),
    notes: text("notes", L.longText),
    techniqueVideo: normalizeTechniqueVideo(field(raw, "techniqueVideo")),
  };
}

/**
 * A row's sets: a list is read member by member; a count (3 or "3", as a model or an old
 * builder writes it) becomes that many default sets; anything else is "missing": the builder
 * default of three working sets, or no sets at all for imported content.
 */
function normalizeSets(value: unknown, context: RowContext): TrainingSet[] {
  if (Array.isArray(value)) {
    const records = context.sets.takeRecords(value, L.setsPerRow);
    const ids = assignSiblingIds(
      records.map((set) => cleanId(field(set, "id"))),
      context.newId,
    );
    return records.map((set, index) => normalizeSet(set, ids[index] ?? context.newId()));
  }
  const count = readCount(value) ?? (context.imported ? 0 : DEFAULT_SET_COUNT);
  const granted = context.sets.take(Math.min(count, L.setsPerRow));
  const ids = assignSiblingIds(new Array<undefined>(granted).fill(undefined), context.newId);
  return ids.map((id) => normalizeSet({}, id));
}

function normalizeSet(raw: UnknownRecord, id: string): TrainingSet {
  const text = (key: string, max: number = L.value) => cleanText(field(raw, key), max) ?? "";
  return {
    id,
    type: oneOf(field(raw, "type"), SET_TYPES) ?? "working",
    reps: text("reps"),
    repType: cleanToken(field(raw, "repType")) ?? null,
    repsHigh: text("repsHigh"),
    weight: text("weight"),
    rest: text("rest"),
    note: text("note", L.note),
  };
}

/**
 * Technique video rule (decisions.md `techniqueVideo: {mode, firstTime, everyN, requestedAt}`):
 * firstTime is true only for the boolean true; everyN a positive integer string or empty; a
 * missing or unknown mode is coachDemand when firstTime is true or everyN is set, else none;
 * requestedAt kept only when a valid ISO instant (then exactly as sent).
 */
function normalizeTechniqueVideo(value: unknown): TechniqueVideoRule {
  const raw = asRecord(value);
  const firstTime = field(raw, "firstTime") === true;
  const everyN = positiveIntString(field(raw, "everyN"), L.everyN);
  const mode =
    oneOf(field(raw, "mode"), TECHNIQUE_VIDEO_MODES) ?? (firstTime || everyN !== "" ? "coachDemand" : "none");
  const requestedAt = field(raw, "requestedAt");
  return isIsoInstant(requestedAt) ? { mode, firstTime, everyN, requestedAt } : { mode, firstTime, everyN };
}
