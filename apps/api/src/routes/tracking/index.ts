import { router } from "../../trpc";
import { getClientWorkoutsRoute } from "./get-client-workouts";
import { getClientWorkoutRoute } from "./get-client-workout";
import { getClientNutritionRoute } from "./get-client-nutrition";
import { getClientNutritionDayRoute } from "./get-client-nutrition-day";
import { getClientNutritionInsightRoute } from "./get-client-nutrition-insight";
import { getTraineeProgressRoute } from "./get-trainee-progress";
import { logTraineeWeightRoute } from "./log-trainee-weight";
import { updateTraineeWeightRoute } from "./update-trainee-weight";
import { deleteTraineeWeightRoute } from "./delete-trainee-weight";
import { getMeasurementSummaryRoute } from "./get-measurement-summary";
import { logTraineeMeasurementsRoute } from "./log-trainee-measurements";
import { addProgressPhotoRoute } from "./add-progress-photo";
import { getWaterDayRoute } from "./get-water-day";
import { addWaterEntryRoute } from "./add-water-entry";
import { removeWaterEntryRoute } from "./remove-water-entry";
import { setTodayStepsRoute } from "./set-today-steps";
import { logCardioSessionRoute } from "./log-cardio-session";
import { listCardioSessionsRoute } from "./list-cardio-sessions";
import { deleteCardioSessionRoute } from "./delete-cardio-session";
import { syncHealthDaysRoute } from "./sync-health-days";
import { getHealthSummaryRoute } from "./get-health-summary";
import { recordHealthSamplesRoute } from "./record-health-samples";
import { listRawDailyMetricsRoute } from "./list-raw-daily-metrics";
import { listRawMealLogsRoute } from "./list-raw-meal-logs";
import { listRawWorkoutLogsRoute } from "./list-raw-workout-logs";
import { getTrackingSummaryRoute } from "./get-tracking-summary";
import { getWeightViewRoute } from "./get-weight-view";
import { addCoachWeightRoute } from "./add-coach-weight";
import { addCoachMeasurementsRoute } from "./add-coach-measurements";

/**
 * Trainee progress and self tracking (document 3): /v1/trainee/progress, weight, measurements,
 * photos, water, steps, cardio, health. Trainee token plus app access; previews may only GET
 * (the lane guard refuses other methods).
 */
export const trackingTraineeRoutes = router({
  getProgress: getTraineeProgressRoute,
  logWeight: logTraineeWeightRoute,
  updateWeight: updateTraineeWeightRoute,
  deleteWeight: deleteTraineeWeightRoute,
  getMeasurementSummary: getMeasurementSummaryRoute,
  logMeasurements: logTraineeMeasurementsRoute,
  addProgressPhoto: addProgressPhotoRoute,
  getWaterDay: getWaterDayRoute,
  addWaterEntry: addWaterEntryRoute,
  removeWaterEntry: removeWaterEntryRoute,
  setTodaySteps: setTodayStepsRoute,
  logCardioSession: logCardioSessionRoute,
  listCardioSessions: listCardioSessionsRoute,
  deleteCardioSession: deleteCardioSessionRoute,
  syncHealthDays: syncHealthDaysRoute,
  getHealthSummary: getHealthSummaryRoute,
  recordHealthSamples: recordHealthSamplesRoute,
});

/** Coach nutrition views (document 2 "Nutrition view", "Insight", "Day detail"): /v1/web/clients/{id}/tracking/nutrition. */
export const trackingNutritionRoutes = router({
  getClientNutrition: getClientNutritionRoute,
  getClientNutritionInsight: getClientNutritionInsightRoute,
  getClientNutritionDay: getClientNutritionDayRoute,
});

/**
 * Coach tracking (document 2): the raw lists /v1/web/tracking/* (no coach scoping) and the
 * computed views and writes under /v1/web/clients/{id}/tracking (summary, weight, weights,
 * measurements; coach scoping through loadTrackedTrainee).
 */
export const trackingCoachRoutes = router({
  listRawDailyMetrics: listRawDailyMetricsRoute,
  listRawMealLogs: listRawMealLogsRoute,
  listRawWorkoutLogs: listRawWorkoutLogsRoute,
  getSummary: getTrackingSummaryRoute,
  getWeightView: getWeightViewRoute,
  addCoachWeight: addCoachWeightRoute,
  addCoachMeasurements: addCoachMeasurementsRoute,
});

/** Coach workout views (document 2 "Workouts view", "Workout detail"): /v1/web/clients/{id}/tracking/workouts. */
export const trackingWorkoutRoutes = router({
  getClientWorkouts: getClientWorkoutsRoute,
  getClientWorkout: getClientWorkoutRoute,
});
