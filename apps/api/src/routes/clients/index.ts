import { router } from "../../trpc";
import { listClientsRoute } from "./list-clients";
import { createTraineeRoute } from "./create-trainee";
import { getClientRoute } from "./get-client";
import { updateClientRoute } from "./update-client";
import { deleteClientRoute } from "./delete-client";
import { createClientPreviewTokenRoute } from "./create-client-preview-token";

/** /v1/web/clients */
export const clientsWebRoutes = router({
  list: listClientsRoute,
  create: createTraineeRoute,
  get: getClientRoute,
  update: updateClientRoute,
  delete: deleteClientRoute,
  previewToken: createClientPreviewTokenRoute,
});
