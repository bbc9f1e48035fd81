import { and, eq } from "drizzle-orm";
import { clients, formResponses, forms, type DbOrTx } from "@studio/db";
import { clientScope } from "../clients/client-scope";
import { AppError } from "../errors";
import { accessOf, type StudioScope } from "../scope";

/**
 * Hold mode's condition (document 2 "assign"): the response exists in the studio, belongs to
 * the trainee and answers an INTAKE form. Each failure is BAD_REQUEST with its own message;
 * another studio's response, and for a coach limited to assigned trainees the response of a
 * trainee they do not reach, answers exactly like a missing one.
 */
export async function assertIntakeResponseOf(
  db: DbOrTx,
  scope: StudioScope,
  responseId: string,
  clientId: string,
): Promise<void> {
  const [response] = await db
    .select({ clientId: formResponses.clientId, formType: forms.type })
    .from(formResponses)
    .innerJoin(forms, eq(forms.id, formResponses.formId))
    .innerJoin(clients, eq(clients.id, formResponses.clientId))
    .where(
      and(
        eq(formResponses.id, responseId),
        eq(formResponses.studioId, scope.studioId),
        clientScope(accessOf(scope)),
      ),
    )
    .limit(1);
  if (!response) throw new AppError("BAD_REQUEST", "intake response not found");
  if (response.clientId !== clientId)
    throw new AppError("BAD_REQUEST", "the intake response belongs to another trainee");
  if (response.formType !== "INTAKE")
    throw new AppError("BAD_REQUEST", "the response does not answer an intake form");
}
