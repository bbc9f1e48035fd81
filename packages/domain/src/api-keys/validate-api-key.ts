import type { Db } from "@studio/db";
import type { ApiKeyScope } from "../scope";

/** `GET /v1/automation/validate`: the connection test; the lane guard has already proved the key. */
export async function validateApiKey(_db: Db, scope: ApiKeyScope) {
  return { studioId: scope.studioId, studioName: scope.actor.studioName, apiKeyId: scope.actor.apiKeyId };
}
