import { router } from "../trpc";
import { createApiKeyRoute } from "../routes/access/create-api-key";
import { listApiKeysRoute } from "../routes/access/list-api-keys";
import { revokeApiKeyRoute } from "../routes/access/revoke-api-key";
import { createClientRoute } from "../routes/clients/create-client";
import { createPreviewTokenRoute } from "../routes/clients/create-preview-token";
import { deleteClientRoute } from "../routes/clients/delete-client";
import { getClientRoute } from "../routes/clients/get-client";
import { listClientsRoute } from "../routes/clients/list-clients";
import { updateClientRoute } from "../routes/clients/update-client";
import { addLeadNoteRoute } from "../routes/crm/add-lead-note";
import { changeLeadStatusRoute } from "../routes/crm/change-lead-status";
import { convertLeadRoute } from "../routes/crm/convert-lead";
import { createLeadRoute } from "../routes/crm/create-lead";
import { createLeadStatusRoute } from "../routes/crm/create-lead-status";
import { deleteLeadRoute } from "../routes/crm/delete-lead";
import { deleteLeadStatusRoute } from "../routes/crm/delete-lead-status";
import { duplicateLeadRoute } from "../routes/crm/duplicate-lead";
import { getCrmBoardRoute } from "../routes/crm/get-board";
import { getLeadRoute } from "../routes/crm/get-lead";
import { setLeadReminderRoute } from "../routes/crm/set-lead-reminder";
import { updateLeadRoute } from "../routes/crm/update-lead";
import { updateLeadStatusRoute } from "../routes/crm/update-lead-status";
import { getStudioSettingsRoute } from "../routes/notifications/get-studio-settings";
import { listClientNotificationsRoute } from "../routes/notifications/list-client-notifications";
import { listStudioConfigsRoute } from "../routes/notifications/list-studio-configs";
import { putStudioSettingRoute } from "../routes/notifications/put-studio-setting";
import { updateStudioConfigRoute } from "../routes/notifications/update-studio-config";
import { getCurrentStudioRoute } from "../routes/studio/get-current-studio";
import { updateStudioSettingsRoute } from "../routes/studio/update-studio-settings";
import { createTaskRoute } from "../routes/tasks/create-task";
import { getTaskRoute } from "../routes/tasks/get-task";
import { listTasksRoute } from "../routes/tasks/list-tasks";
import { updateTaskRoute } from "../routes/tasks/update-task";
import { createCoachRoute } from "../routes/team/create-coach";
import { dismissCoachRoute } from "../routes/team/dismiss-coach";
import { getCoachRoute } from "../routes/team/get-coach";
import { getCoachImpactRoute } from "../routes/team/get-coach-impact";
import { listCoachesRoute } from "../routes/team/list-coaches";
import { updateCoachRoute } from "../routes/team/update-coach";

/** /v1/web/*: service signature + user context. One entry per route, grouped by domain. */
export const webRouter = router({
  // /v1/web/studio, /v1/web/studio/settings
  studio: router({
    get: getCurrentStudioRoute,
    updateSettings: updateStudioSettingsRoute,
  }),
  // /v1/web/studios/current/api-keys
  apiKeys: router({
    create: createApiKeyRoute,
    list: listApiKeysRoute,
    revoke: revokeApiKeyRoute,
  }),
  // /v1/web/crm/*
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
  // /v1/web/coaches
  team: router({
    list: listCoachesRoute,
    create: createCoachRoute,
    get: getCoachRoute,
    impact: getCoachImpactRoute,
    update: updateCoachRoute,
    dismiss: dismissCoachRoute,
  }),
  // /v1/web/clients
  clients: router({
    list: listClientsRoute,
    create: createClientRoute,
    get: getClientRoute,
    update: updateClientRoute,
    delete: deleteClientRoute,
    previewToken: createPreviewTokenRoute,
  }),
  // /v1/web/tasks
  tasks: router({
    list: listTasksRoute,
    create: createTaskRoute,
    get: getTaskRoute,
    update: updateTaskRoute,
  }),
  // /v1/web/notification-configs, /v1/web/studio/notification-settings, /v1/web/clients/:id/notifications
  notifications: router({
    listConfigs: listStudioConfigsRoute,
    updateConfig: updateStudioConfigRoute,
    getSettings: getStudioSettingsRoute,
    putSetting: putStudioSettingRoute,
    listForClient: listClientNotificationsRoute,
  }),
});
