import { signTraineeToken } from "@studio/auth";
import type { SignInCodeVerifyInput, SignInCodeVerifyResult } from "@studio/contracts";
import type { Db } from "@studio/db";
import { normalizePhoneOrThrow } from "../clients/phone";
import { notFound } from "../errors";
import type { TraineeScope } from "../scope";
import { getTraineeMe } from "./get-trainee-me";
import { checkCode, consumeCode, invalidCode } from "./sign-in-codes";
import type { TraineeSignInScope } from "./sign-in-scope";
import { traineesByPhone } from "./trainees-by-phone";

/**
 * `POST /v1/trainee/auth/verify-code`: a matching live code (constant-time compare; the fifth
 * wrong try burns it: RATE_LIMITED) signs in the trainee holding the phone and answers
 * `{kind: SIGNED_IN, token, client}`. A phone of trainees in several studios answers
 * `{kind: CHOOSE_STUDIO, studios}` without using the code up; the same code with one of those
 * studioIds then signs in there (another studioId: NOT_FOUND studio not found). A code is used
 * once. A number that belongs to no trainee (any more) answers like a wrong code.
 */
export async function verifyTraineeSignInCode(
  db: Db,
  scope: TraineeSignInScope,
  input: SignInCodeVerifyInput,
): Promise<SignInCodeVerifyResult> {
  const phone = normalizePhoneOrThrow(input.phone);
  const settings = scope.signIn;
  const matched = await checkCode(settings, phone, input.code, scope.now);

  const holders = await traineesByPhone(db, phone);
  if (holders.length === 0) {
    await consumeCode(settings, phone, matched);
    throw invalidCode();
  }
  let holder = holders[0]!;
  if (input.studioId !== undefined) {
    const chosen = holders.find((h) => h.studioId === input.studioId);
    if (!chosen) throw notFound("studio");
    holder = chosen;
  } else if (holders.length > 1) {
    return { kind: "CHOOSE_STUDIO", studios: holders.map((h) => ({ id: h.studioId, name: h.studioName })) };
  }

  await consumeCode(settings, phone, matched);
  const token = signTraineeToken({ clientId: holder.clientId, studioId: holder.studioId }, settings.secret);
  const { signIn: _settings, actor: _visitor, ...base } = scope;
  const traineeScope: TraineeScope = {
    ...base,
    studioId: holder.studioId,
    actor: { kind: "trainee", clientId: holder.clientId, preview: false },
  };
  return { kind: "SIGNED_IN", token, client: await getTraineeMe(db, traineeScope) };
}
