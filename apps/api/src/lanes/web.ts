import { router } from "../trpc";
import { createApiKeyRoute } from "../routes/access/create-api-key";
import { listApiKeysRoute } from "../routes/access/list-api-keys";
import { revokeApiKeyRoute } from "../routes/access/revoke-api-key";
import { getCurrentStudioRoute } from "../routes/studio/get-current-studio";

import { getCrmBoardRoute } from "../routes/crm/get-board";
import { createLeadRoute } from "../routes/crm/create-lead";
import { getLeadRoute } from "../routes/crm/get-lead";
import { updateLeadRoute } from "../routes/crm/update-lead";
import { deleteLeadRoute } from "../routes/crm/delete-lead";
import { duplicateLeadRoute } from "../routes/crm/duplicate-lead";
import { changeLeadStatusRoute } from "../routes/crm/change-lead-status";
import { setLeadReminderRoute } from "../routes/crm/set-lead-reminder";
import { addLeadNoteRoute } from "../routes/crm/add-lead-note";
import { createLeadStatusRoute } from "../routes/crm/create-lead-status";
import { updateLeadStatusRoute } from "../routes/crm/update-lead-status";
import { deleteLeadStatusRoute } from "../routes/crm/delete-lead-status";
import { convertLeadRoute } from "../routes/crm/convert-lead";
import { listCoachesRoute } from "../routes/team/list-coaches";
import { createCoachRoute } from "../routes/team/create-coach";
import { getCoachRoute } from "../routes/team/get-coach";
import { getCoachImpactRoute } from "../routes/team/get-coach-impact";
import { updateCoachRoute } from "../routes/team/update-coach";
import { dismissCoachRoute } from "../routes/team/dismiss-coach";
import { listClientsRoute } from "../routes/clients/list-clients";
import { createClientRoute } from "../routes/clients/create-client";
import { getClientRoute } from "../routes/clients/get-client";
import { updateClientRoute } from "../routes/clients/update-client";
import { deleteClientRoute } from "../routes/clients/delete-client";
import { createPreviewTokenRoute } from "../routes/clients/create-preview-token";
import { listTasksRoute } from "../routes/tasks/list-tasks";
import { createTaskRoute } from "../routes/tasks/create-task";
import { getTaskRoute } from "../routes/tasks/get-task";
import { updateTaskRoute } from "../routes/tasks/update-task";
import { updateStudioSettingsRoute } from "../routes/studio/update-studio-settings";
import { listStudioConfigsRoute } from "../routes/notifications/list-studio-configs";
import { updateStudioConfigRoute } from "../routes/notifications/update-studio-config";
import { getStudioSettingsRoute } from "../routes/notifications/get-studio-settings";
import { putStudioSettingRoute } from "../routes/notifications/put-studio-setting";
import { listClientNotificationsRoute } from "../routes/notifications/list-client-notifications";
/** /v1/web/*: service signature + user context. One entry per route, grouped by domain. */
export const webRouter = router({
  studio: router({
    get: getCurrentStudioRoute,
    updateSettings: updateStudioSettingsRoute,
  }),
  apiKeys: router({
    create: createApiKeyRoute,
    list: listApiKeysRoute,
    revoke: revokeApiKeyRoute,
  }),
  crm: router({
    board: getCrmBoardRoute,
    createLead: createLeadRoute,
    getLead: getLeadRoute,
    updateLead: updateLeadRoute,
    deleteLead: deleteLeadRoute,
    duplicateLead: duplicateLeadRoute,
    changeLeadStatus: changeLeadStatusRoute,
    setLeadReminder: setLeadReminderRoute,
    addLeadNote: addLeadNoteRoute,
    convertLead: convertLeadRoute,
    createStatus: createLeadStatusRoute,
    updateStatus: updateLeadStatusRoute,
    deleteStatus: deleteLeadStatusRoute,
  }),
  team: router({
    list: listCoachesRoute,
    create: createCoachRoute,
    get: getCoachRoute,
    impact: getCoachImpactRoute,
    update: updateCoachRoute,
    dismiss: dismissCoachRoute,
  }),
  clients: router({
    list: listClientsRoute,
    create: createClientRoute,
    get: getClientRoute,
    update: updateClientRoute,
    delete: deleteClientRoute,
    previewToken: createPreviewTokenRoute,
  }),
  tasks: router({
    list: listTasksRoute,
    create: createTaskRoute,
    get: getTaskRoute,
    update: updateTaskRoute,
  }),
  notifications: router({
    listConfigs: listStudioConfigsRoute,
    updateConfig: updateStudioConfigRoute,
    getSettings: getStudioSettingsRoute,
    putSetting: putStudioSettingRoute,
    listForClient: listClientNotificationsRoute,
  }),
});
