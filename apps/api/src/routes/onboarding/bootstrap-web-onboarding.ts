import { OnboardingBootstrapInput, OnboardingBootstrapResultSchema } from "@studio/contracts";
import { AppError, bootstrapWebOnboarding, type CoachScope } from "@studio/domain";
import type { RequestContext } from "../../context";
import { webProcedure } from "../../trpc";

/** The web scope plus SESSION_SIGNING_SECRET, which signed the phone and e-mail tokens. */
const withTokenSecret = (ctx: RequestContext & { scope: CoachScope }) => ({
  ...ctx.scope,
  tokenSecret: ctx.deps.config.sessionSigningSecret,
});

/**
 * OWNER only, decided after the web scope (unlike requireRole): a removed team member is refused
 * as removed, like on every web route (the dismissed-member rule), before the role is looked at.
 */
const ownerProcedure = webProcedure.use(({ ctx, next }) => {
  if (ctx.scope.actor.role !== "OWNER") throw new AppError("FORBIDDEN", "insufficient role");
  return next();
});

/** Web lane, OWNER: completes the caller's studio with the verified phone and e-mail. */
export const bootstrapWebOnboardingRoute = ownerProcedure
  .meta({
    openapi: {
      method: "POST",
      path: "/v1/web/onboarding/bootstrap",
      tags: ["onboarding"],
      summary: "Create or complete the caller's studio with the verified phone and e-mail",
      description:
        "Takes the phone token of verify-otp and the e-mail token of verify-email-otp (15 minutes each). Sets the studio's name, slug, owner phone and e-mail, and onboardedAt the first time; a second call with valid tokens updates them.",
      errorResponses: {
        400: "invalid or expired token",
        409: "slug is taken by another studio",
      },
    },
  })
  .input(OnboardingBootstrapInput)
  .output(OnboardingBootstrapResultSchema)
  .mutation(({ ctx, input }) => bootstrapWebOnboarding(ctx.db, withTokenSecret(ctx), input));
