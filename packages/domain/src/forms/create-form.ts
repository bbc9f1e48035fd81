import type { Form, FormCreate } from "@studio/contracts";
import { forms, type Db } from "@studio/db";
import type { StudioScope } from "../scope";
import { toForm } from "./form-record";
import { assertStoredStudioPdf, checkForm } from "./form-rules";

/** `POST /v1/web/forms`: a form of the studio (docs/decisions/forms.md "Forms (web routes)"). */
export async function createForm(db: Db, scope: StudioScope, input: FormCreate): Promise<Form> {
  const documentUrl = input.documentUrl ?? null;
  const fields = checkForm(input.type, input.fields ?? [], documentUrl);
  if (documentUrl !== null) assertStoredStudioPdf(scope, documentUrl);
  const [row] = await db
    .insert(forms)
    .values({
      studioId: scope.studioId,
      name: input.name,
      type: input.type,
      isActive: input.isActive ?? true,
      isPublished: input.isPublished ?? true,
      fields,
      documentUrl,
      createdAt: scope.now,
      updatedAt: scope.now,
    })
    .returning();
  return toForm(row!);
}
