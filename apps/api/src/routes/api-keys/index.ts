import { router } from "../../trpc";
import { createApiKeyRoute } from "./create-api-key";
import { listApiKeysRoute } from "./list-api-keys";
import { revokeApiKeyRoute } from "./revoke-api-key";
import { validateApiKeyRoute } from "./validate-api-key";

/** /v1/web/studios/current/api-keys (web) and /v1/automation/validate (API key). */
export const apiKeysWebRoutes = router({
  create: createApiKeyRoute,
  list: listApiKeysRoute,
  revoke: revokeApiKeyRoute,
});

export const apiKeysAutomationRoutes = { validate: validateApiKeyRoute };
