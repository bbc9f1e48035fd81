import {
  SEND_TRAINEE_SIGN_IN_CODE_JOB,
  SIGN_IN_CODE_LIMITS,
  type SendTraineeSignInCodePayload,
  type SignInCodeRequestInput,
  type SignInCodeRequestResult,
} from "@studio/contracts";
import type { Db } from "@studio/db";
import { normalizePhoneOrThrow } from "../clients/phone";
import { AppError } from "../errors";
import { issueCode, sealSignInCode, throttleCodeSend } from "./sign-in-codes";
import type { TraineeSignInScope } from "./sign-in-scope";
import { traineesByPhone } from "./trainees-by-phone";

/**
 * `POST /v1/trainee/auth/request-code`: a 6-digit code for the phone, valid 300 s, kept only
 * as a keyed hash. The answer is the same for every valid number, a trainee's or not (no
 * enumeration): a code is issued either way, but the chat message (a job enqueued in its own
 * transaction, sent by the worker) goes only to a number that belongs to a trainee. With
 * OTP_DEV_MODE=1 nothing is sent and the code comes back as devCode; without dev mode and
 * without a chat provider: SERVICE_UNAVAILABLE, before anything is counted. Throttles: 30 sends
 * per address and 3 per phone per 600 s (RATE_LIMITED).
 */
export async function requestTraineeSignInCode(
  db: Db,
  scope: TraineeSignInScope,
  input: SignInCodeRequestInput,
): Promise<SignInCodeRequestResult> {
  const phone = normalizePhoneOrThrow(input.phone);
  const settings = scope.signIn;
  if (!settings.devMode && !settings.chatConfigured)
    throw new AppError("SERVICE_UNAVAILABLE", "sign-in codes cannot be sent: no chat provider is configured");
  await throttleCodeSend(settings, phone, scope.actor.ip);
  const code = await issueCode(settings, phone, scope.now);
  const answer: SignInCodeRequestResult = { sent: true, expiresInSeconds: SIGN_IN_CODE_LIMITS.ttlSeconds };
  if (settings.devMode) return { ...answer, devCode: code };

  // One message per phone, through the first studio holding it (the code signs in to any of them).
  const [holder] = await traineesByPhone(db, phone);
  if (holder) {
    const payload: SendTraineeSignInCodePayload = {
      studioId: holder.studioId,
      clientId: holder.clientId,
      sealedCode: sealSignInCode(code, settings.secret),
      expiresAt: scope.now.getTime() + SIGN_IN_CODE_LIMITS.ttlSeconds * 1000,
      requestId: scope.requestId,
    };
    await db.transaction((tx) => scope.jobs.enqueue(SEND_TRAINEE_SIGN_IN_CODE_JOB, payload, { tx }));
  }
  return answer;
}
