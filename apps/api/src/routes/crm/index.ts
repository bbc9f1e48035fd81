import { router } from "../../trpc";
import { getCrmBoardRoute } from "./get-crm-board";
import { createLeadRoute } from "./create-lead";
import { getLeadRoute } from "./get-lead";
import { updateLeadRoute } from "./update-lead";
import { deleteLeadRoute } from "./delete-lead";
import { duplicateLeadRoute } from "./duplicate-lead";
import { moveLeadRoute } from "./move-lead";
import { setLeadReminderRoute } from "./set-lead-reminder";
import { addLeadNoteRoute } from "./add-lead-note";
import { convertLeadRoute } from "./convert-lead";
import { createLeadStatusRoute } from "./create-lead-status";
import { updateLeadStatusRoute } from "./update-lead-status";
import { deleteLeadStatusRoute } from "./delete-lead-status";

/** /v1/web/crm/* */
export const crmWebRoutes = router({
  board: getCrmBoardRoute,
  createLead: createLeadRoute,
  getLead: getLeadRoute,
  updateLead: updateLeadRoute,
  deleteLead: deleteLeadRoute,
  duplicateLead: duplicateLeadRoute,
  moveLead: moveLeadRoute,
  setLeadReminder: setLeadReminderRoute,
  addLeadNote: addLeadNoteRoute,
  convertLead: convertLeadRoute,
  createStatus: createLeadStatusRoute,
  updateStatus: updateLeadStatusRoute,
  deleteStatus: deleteLeadStatusRoute,
});
