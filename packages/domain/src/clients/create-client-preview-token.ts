import { type StudioScope } from "../scope";
import { createPreviewToken } from "@studio/auth";
import type { Db } from "@studio/db";
import { loadLiveTrainee } from "./live-trainee";

/**
 * `POST /v1/web/clients/:id/preview-token`: a read-only trainee token, 15 minutes, so a coach
 * can see the app as this trainee (decisions.md "Trainee token").
 */
export async function createClientPreviewToken(
  db: Db,
  scope: StudioScope,
  input: { id: string; secret: string },
): Promise<{ token: string; expiresAt: string }> {
  const row = await loadLiveTrainee(db, scope, input.id);
  const { token, expiresAt } = createPreviewToken(
    { clientId: row.id, studioId: row.studioId },
    input.secret,
    scope.now.getTime(),
  );
  return { token, expiresAt: expiresAt.toISOString() };
}
