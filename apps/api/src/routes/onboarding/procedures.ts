import type { OnboardingCodeScope } from "@studio/domain";
import { traineeSignInProcedure } from "../../trpc";

/**
 * /v1/public/onboarding/*: no credential, like trainee sign-in (a public path); `ctx.scope` is an
 * OnboardingCodeScope: the visitor's address (x-client-ip when present, see http/client-ip.ts),
 * the code store, the signing secret and the senders the API calls itself (deps.senders: WHATSAPP_*
 * and MAIL_* under ONBOARDING_SEND_TIMEOUT_MS; a send is the answer's verdict).
 */
export const onboardingCodeProcedure = traineeSignInProcedure.use(({ ctx, next }) => {
  const { signIn, ...base } = ctx.scope;
  const scope: OnboardingCodeScope = {
    ...base,
    onboarding: {
      kv: signIn.kv,
      secret: signIn.secret,
      devMode: signIn.devMode,
      chat: ctx.deps.senders?.chat,
      mailer: ctx.deps.senders?.mailer,
    },
  };
  return next({ ctx: { scope } });
});
