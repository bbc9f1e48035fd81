// Sales-lead CRM (document 1 "CRM"). Only operations and their public types leave the folder.
export { crmActorOf, type CrmActor } from "./caller";
export { BUILT_IN_LEAD_STATUSES, ensureLeadStatuses } from "./lead-statuses";
export { crmBoardKey, getCrmBoard, type CrmBoardKey } from "./get-crm-board";
export { createLead } from "./create-lead";
export { getLead } from "./get-lead";
export { updateLead } from "./update-lead";
export { deleteLead } from "./delete-lead";
export { duplicateLead, LEAD_COPY_SUFFIX } from "./duplicate-lead";
export { moveLead } from "./move-lead";
export { setLeadReminder } from "./set-lead-reminder";
export { addLeadNote } from "./add-lead-note";
export { createLeadStatus } from "./create-lead-status";
export { updateLeadStatus } from "./update-lead-status";
export { deleteLeadStatus } from "./delete-lead-status";
export { convertLead, splitLeadName } from "./convert-lead";
