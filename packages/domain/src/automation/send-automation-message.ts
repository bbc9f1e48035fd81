import { FIRST_NAME_TOKEN, type AutomationMessage, type AutomationMessageResult } from "@studio/contracts";
import type { Db } from "@studio/db";
import { loadLiveTrainee } from "../clients/live-trainee";
import { notify } from "../notifications/notify";
import type { ApiKeyScope } from "../scope";

/**
 * `POST /v1/automation/trainees/{id}/message`: the message, with every [שם] replaced by the
 * trainee's first name, goes out as a TRAINER_MESSAGE through notify (the studio's settings of
 * the type, the trainee's mutes and devices apply; {{message}} is the text, {{coach}} the
 * studio's name). The delivery job adds a MESSAGE entry to the trainee's timeline only when a
 * device accepted the push (timelineOnAccept). A trainee with no device gets nothing (recorded
 * skipped NO_PUSH_TOKEN) and the call still succeeds. Unknown, deleted or another studio's
 * trainee: client not found (400).
 */
export async function sendAutomationMessage(
  db: Db,
  scope: ApiKeyScope,
  input: AutomationMessage,
): Promise<AutomationMessageResult> {
  return db.transaction(async (tx) => {
    const client = await loadLiveTrainee(tx, scope, input.id);
    const message = input.message.replaceAll(FIRST_NAME_TOKEN, client.firstName);
    const notification = await notify(tx, scope, {
      clientId: client.id,
      type: "TRAINER_MESSAGE",
      variables: { message, coach: scope.actor.studioName },
      timelineOnAccept: "MESSAGE",
    });
    return { notification };
  });
}
