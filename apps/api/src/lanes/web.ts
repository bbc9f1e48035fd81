import { router } from "../trpc";
import { createApiKeyRoute } from "../routes/access/create-api-key";
import { listApiKeysRoute } from "../routes/access/list-api-keys";
import { revokeApiKeyRoute } from "../routes/access/revoke-api-key";
import { getCurrentStudioRoute } from "../routes/studio/get-current-studio";

/** /v1/web/*: service signature + user context. One entry per route, grouped by domain. */
export const webRouter = router({
  studio: router({
    get: getCurrentStudioRoute,
  }),
  apiKeys: router({
    create: createApiKeyRoute,
    list: listApiKeysRoute,
    revoke: revokeApiKeyRoute,
  }),
});
