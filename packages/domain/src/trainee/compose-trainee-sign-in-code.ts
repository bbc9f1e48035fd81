import { clients, type DbOrTx } from "@studio/db";
import type { ChatMessage } from "../ports";
import type { StudioScope } from "../scope";
import { liveTraineeOf } from "../clients/live-trainee";

/**
 * The sign-in code message (the send-trainee-sign-in-code job), in Hebrew like the studio's
 * other trainee messages, to the phone the trainee row holds when the job runs; null when the
 * trainee was deleted meanwhile (nothing to send).
 */
export async function composeTraineeSignInCode(
  db: DbOrTx,
  scope: StudioScope,
  input: { clientId: string; code: string },
): Promise<ChatMessage | null> {
  const [found] = await db
    .select({ phone: clients.phone })
    .from(clients)
    .where(liveTraineeOf(scope, input.clientId))
    .limit(1);
  if (!found) return null;
  return {
    studioId: scope.studioId,
    phone: found.phone,
    text: `קוד הכניסה שלך לאפליקציה: ${input.code}\nהקוד תקף ל-5 דקות. אין למסור אותו לאף אחד.`,
    oneTimeCode: input.code,
  };
}
