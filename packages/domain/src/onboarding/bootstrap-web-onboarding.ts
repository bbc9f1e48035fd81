import { and, eq, ne, sql } from "drizzle-orm";
import type { OnboardingBootstrapInput, OnboardingBootstrapResult } from "@studio/contracts";
import { isUniqueViolation, studios, type Db } from "@studio/db";
import { normalizePhone } from "../clients/phone";
import { AppError, notFound } from "../errors";
import type { CoachScope } from "../scope";
import { toStudio } from "../studio/studio-record";
import { verifyOnboardingToken } from "./onboarding-token";

/** The web scope plus the secret that signed the phone and e-mail tokens (SESSION_SIGNING_SECRET). */
export type OnboardingBootstrapScope = CoachScope & { tokenSecret: string };

const invalidToken = () => new AppError("BAD_REQUEST", "invalid or expired token");
const slugTaken = () => new AppError("CONFLICT", "slug is taken", { field: "slug" });

/**
 * `POST /v1/web/onboarding/bootstrap` (decisions.md "Web onboarding"): with a valid phone token
 * and e-mail token (signature, purpose, 15 minutes; else BAD_REQUEST invalid or expired token)
 * sets the caller's studio (the one the web context resolved or created from x-studio-id) name,
 * slug (another studio's slug: CONFLICT), the verified owner phone (E.164) and e-mail (lower
 * case) and, the first time only, onboardedAt; all in one transaction under the studio's row
 * lock. Calling it again with valid tokens completes it again (same answer shape, onboardedAt kept).
 */
export async function bootstrapWebOnboarding(
  db: Db,
  scope: OnboardingBootstrapScope,
  input: OnboardingBootstrapInput,
): Promise<OnboardingBootstrapResult> {
  const phoneSubject = verifyOnboardingToken(
    input.phoneToken,
    "onboarding-phone",
    scope.tokenSecret,
    scope.now,
  );
  const emailSubject = verifyOnboardingToken(
    input.emailToken,
    "onboarding-email",
    scope.tokenSecret,
    scope.now,
  );
  if (phoneSubject === null || emailSubject === null) throw invalidToken();
  const ownerPhone = normalizePhone(phoneSubject);
  if (ownerPhone === null) throw invalidToken();
  const ownerEmail = emailSubject.trim().toLowerCase();

  try {
    return await db.transaction(async (tx) => {
      const [current] = await tx
        .select({ id: studios.id })
        .from(studios)
        .where(eq(studios.id, scope.studioId))
        .for("no key update");
      if (!current) throw notFound("studio");
      const [taken] = await tx
        .select({ id: studios.id })
        .from(studios)
        .where(and(eq(studios.slug, input.slug), ne(studios.id, scope.studioId)))
        .limit(1);
      if (taken) throw slugTaken();
      const [updated] = await tx
        .update(studios)
        .set({
          name: input.studioName,
          slug: input.slug,
          ownerPhone,
          ownerEmail,
          onboardedAt: sql`coalesce(${studios.onboardedAt}, ${scope.now.toISOString()}::timestamptz)`,
          updatedAt: scope.now,
        })
        .where(eq(studios.id, scope.studioId))
        .returning();
      const row = updated!;
      return {
        studio: toStudio(row),
        ownerPhone: row.ownerPhone!,
        ownerEmail: row.ownerEmail!,
        onboardedAt: row.onboardedAt!.toISOString(),
      };
    });
  } catch (error) {
    // Another studio took the slug between the check and the write.
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
}
