// Programs (document 2 "Program templates" → assignments, assign, assign-bulk; "States and transitions").
export { listTemplateAssignments } from "./list-template-assignments";
export { assignTemplate } from "./assign-template";
export { assignTemplateInBulk } from "./assign-template-in-bulk";
export { releaseHeldProgram, releaseHeldProgramsOnIntake } from "./release-held-program";
export { releaseProgram } from "./release-program";
export { listClientPrograms } from "./list-client-programs";
export { updateProgram } from "./update-program";
