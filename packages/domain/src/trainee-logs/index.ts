// Trainee app logging (decisions.md "Trainee app: plans and logging"): workout logs, free meal
// logs, plan-day meal snapshots, custom meals. Choices: docs/decisions/trainee-app.md "Trainee logging".
export { logWorkout } from "./log-workout";
export { updateWorkoutLog } from "./update-workout-log";
export { listWorkoutLogs } from "./list-workout-logs";
export { logMeal } from "./log-meal";
export { deleteMealLog } from "./delete-meal-log";
export { savePlanDayMeal } from "./save-plan-day-meal";
export { addCustomMeal } from "./add-custom-meal";
export { workoutStatus } from "./workout-log-record";
