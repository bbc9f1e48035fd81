// Trainee progress and self tracking (document 3 "Trainee progress and self tracking"): one
// operation per file. Choices where the spec is silent: docs/decisions/tracking.md "Trainee tracking".
export { getTraineeProgress, weeklyCompliance } from "./get-trainee-progress";
export { logTraineeWeight, CLOCK_SKEW_MS } from "./log-trainee-weight";
export { updateTraineeWeight } from "./update-trainee-weight";
export { deleteTraineeWeight } from "./delete-trainee-weight";
export { getMeasurementSummary, goalProgress } from "./get-measurement-summary";
export { logTraineeMeasurements } from "./log-trainee-measurements";
export { addProgressPhoto } from "./add-progress-photo";
export { getWaterDay } from "./get-water-day";
export { addWaterEntry } from "./add-water-entry";
export { removeWaterEntry } from "./remove-water-entry";
export { setTodaySteps } from "./set-today-steps";
export { logCardioSession } from "./log-cardio-session";
export { listCardioSessions } from "./list-cardio-sessions";
export { deleteCardioSession } from "./delete-cardio-session";
export { syncHealthDays } from "./sync-health-days";
export { getHealthSummary } from "./get-health-summary";
export { recordHealthSamples } from "./record-health-samples";
// Shared building blocks (the coach tracking views reuse them).
export { weightSourceOf, isAppWeighIn, APP_WEIGHT_SOURCE } from "./weight-source";
export {
  findPersonalRecords,
  exerciseBestsOf,
  beatsRecord,
  recordDisplay,
  type BestSet,
  type WorkoutLogForRecords,
  type ExerciseBests,
} from "./personal-records";
export { fillWorkoutLogBests } from "./fill-workout-log-bests";
export { workoutStreak } from "./workout-streak";
export { downsampleEvenly } from "./downsample-evenly";
export {
  loadActivePlan,
  type ActivePlan,
  type ActivePlanType,
  type ActiveNutritionPlan,
  type ActiveTrainingPlan,
} from "./active-plan";
export { readWaterLogs, readMeasurements, waterTotalOf } from "./daily-metric-record";
// Coach tracking views (document 2 "Raw tracking lists", "Client tracking": summary, weight, writes).
export { loadTrackedTrainee, coachWriteDay, type TrackedTrainee } from "./tracked-trainee";
export { listRawDailyMetrics } from "./list-raw-daily-metrics";
export { listRawMealLogs } from "./list-raw-meal-logs";
export { listRawWorkoutLogs } from "./list-raw-workout-logs";
export { getTrackingSummary } from "./get-tracking-summary";
export { getWeightView } from "./get-weight-view";
export { addCoachWeight } from "./add-coach-weight";
export { addCoachMeasurements } from "./add-coach-measurements";
export { weeklyRateKg, weighInEveryDays, tileImproving } from "./weight-view-rules";
// Coach nutrition views (document 2 "Client tracking"): the partner nutrition days source and its views.
export { getClientNutrition } from "./get-client-nutrition";
export { getClientNutritionDay } from "./get-client-nutrition-day";
export { getClientNutritionInsight } from "./get-client-nutrition-insight";
export { loadNutritionDays, loadNutritionDayTotals, NUTRITION_SPAN_LIMIT_DAYS } from "./nutrition-days";
export {
  mergeNutritionDays,
  mergeNutritionTotals,
  type NutritionDayTotals,
  type NutritionSourceDay,
} from "./merge-nutrition-days";
// Coach workout views (document 2 "Workouts view", "Workout detail", "Computation rules").
export { getClientWorkouts } from "./get-client-workouts";
export { getClientWorkout, bestDeltas } from "./get-client-workout";
export { recordsInRange, weekBuckets, spanKpis, expectedSessions, stepsSourceOf } from "./workout-view-rules";
export { readSession, doneExercises, topSetOf, durationSecOf, workoutStatusOf } from "./workout-session";
