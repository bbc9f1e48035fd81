// Programs (document 2 "Program templates" → assignments, assign, assign-bulk; "States and transitions").
export { listTemplateAssignments } from "./list-template-assignments";
export { assignTemplate } from "./assign-template";
export { assignTemplateInBulk } from "./assign-template-in-bulk";
export { releaseHeldProgram, releaseHeldProgramsOnIntake, releaseProgram } from "./release-held-program";
