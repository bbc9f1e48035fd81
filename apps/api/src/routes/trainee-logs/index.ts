import { router } from "../../trpc";
import { addCustomMealRoute } from "./add-custom-meal";
import { deleteMealLogRoute } from "./delete-meal-log";
import { listWorkoutLogsRoute } from "./list-workout-logs";
import { logMealRoute } from "./log-meal";
import { logWorkoutRoute } from "./log-workout";
import { savePlanDayMealRoute } from "./save-plan-day-meal";
import { updateWorkoutLogRoute } from "./update-workout-log";

/** /v1/trainee/workout-logs, /meal-logs, /nutrition/days/{date}/*: behind the app lock. */
export const traineeLogsTraineeRoutes = router({
  logWorkout: logWorkoutRoute,
  updateWorkoutLog: updateWorkoutLogRoute,
  listWorkoutLogs: listWorkoutLogsRoute,
  logMeal: logMealRoute,
  deleteMealLog: deleteMealLogRoute,
  savePlanDayMeal: savePlanDayMealRoute,
  addCustomMeal: addCustomMealRoute,
});
