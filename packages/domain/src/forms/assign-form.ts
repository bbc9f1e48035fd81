import { createHash, randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import {
  FORM_ASSIGNMENT_LIMITS,
  type FormAssignmentRecord,
  type FormAssignmentSource,
  type FormField,
  type FormPushMode,
  type FormType,
} from "@studio/contracts";
import { clients, formAssignments, studios, type DbOrTx } from "@studio/db";
import { AppError, validation } from "../errors";
import { notify } from "../notifications/notify";
import type { StudioScope } from "../scope";
import { pickTimeZone, zonedDateTimeToInstant } from "../time/zoned-time";
import { loadFormRow } from "./form-record";
import { toFormAssignmentRecord, type FrozenFormSchema } from "./form-assignment-record";
import { loadLiveTrainee, studioTimezoneOfClient } from "../clients/live-trainee";

export interface AssignFormInput {
  clientId: string;
  formId: string;
  /** A date (YYYY-MM-DD: local midnight in the trainee's zone) or an ISO instant; default now. */
  visibleFrom?: string;
  /** true: FORM_SENT now; false: never announced; undefined: the hourly notifier announces it once visible. */
  push?: boolean;
  note?: string;
  /** PDF_SIGNATURE only: values of the coach-filled fields, by key (ignored for other types). */
  fieldValues?: Record<string, string>;
  source: Extract<FormAssignmentSource, "coach" | "automation" | "onboarding">;
}

/** The signing link's base when the scope carries none (decisions.md: APP_WEB_URL default). */
export const DEFAULT_APP_WEB_URL = "http://localhost:3000";
/** Random bytes of a signing token: 128 bits. */
export const SIGNING_TOKEN_BYTES = 16;

/** SHA-256 (hex) of a signing token: the only form in which a token is stored. */
export const signingTokenHash = (token: string): string => createHash("sha256").update(token).digest("hex");

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function visibleFromOf(value: string | undefined, now: Date, zone: string): Date {
  if (value === undefined) return now;
  const text = value.trim();
  let instant: Date | null = null;
  if (DATE_ONLY.test(text)) {
    try {
      instant = zonedDateTimeToInstant(text, "00:00", zone);
    } catch {
      instant = null;
    }
  } else if (/^\d{4}-\d{2}-\d{2}T/.test(text)) {
    instant = new Date(text);
  }
  if (
    !instant ||
    Number.isNaN(instant.getTime()) ||
    instant.getUTCFullYear() > 9999 ||
    instant.getUTCFullYear() < 1
  )
    throw validation("visibleFrom must be a date (YYYY-MM-DD) or an ISO date-time");
  return instant;
}

/**
 * The coach-filled values of a document to sign: keys must be coach-filled fields of the form,
 * values at most 5000 characters (blank values are no value), and every required coach-filled
 * field needs one (the trainee cannot fill it, so the document could never be signed).
 */
function prefillOf(
  fields: readonly FormField[],
  given: Record<string, string> | undefined,
): Record<string, string> {
  const refuse = (reason: string): never => {
    throw new AppError("BAD_REQUEST", `invalid fieldValues: ${reason}`);
  };
  const entries = Object.entries(given ?? {});
  if (entries.length > FORM_ASSIGNMENT_LIMITS.keys) refuse(`at most ${FORM_ASSIGNMENT_LIMITS.keys} keys`);
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const prefill: Record<string, string> = {};
  for (const [key, value] of entries) {
    const field = byKey.get(key);
    if (!field) refuse(`unknown field ${key}`);
    if (field!.filledBy !== "coach") refuse(`field ${key} is filled by the trainee`);
    if (typeof value !== "string") refuse(`the value of ${key} must be a string`);
    if (value.length > FORM_ASSIGNMENT_LIMITS.value)
      refuse(`the value of ${key} must be at most ${FORM_ASSIGNMENT_LIMITS.value} characters`);
    if (value.includes("\u0000")) refuse(`the value of ${key} must not contain NUL characters`);
    if (value.trim() === "") continue;
    prefill[key] = value;
  }
  const missing = fields.filter((f) => f.filledBy === "coach" && f.required && !(f.key in prefill));
  if (missing.length > 0) refuse(`required field ${missing.map((f) => f.key).join(", ")} needs a value`);
  return prefill;
}

/** {{coach}} of FORM_SENT: the calling coach's name, else the studio's name. */
async function coachVariable(tx: DbOrTx, scope: StudioScope): Promise<string> {
  if (scope.actor.kind === "coach" && scope.actor.coachName) return scope.actor.coachName;
  const [studio] = await tx
    .select({ name: studios.name })
    .from(studios)
    .where(eq(studios.id, scope.studioId))
    .limit(1);
  return studio?.name ?? "";
}

/**
 * Sends a form to a trainee (docs/decisions/forms.md "Form assignments"), in its own transaction or
 * as a savepoint of the caller's. The trainee must be a live trainee of the studio (NOT_FOUND
 * "client not found") and the form the studio's (NOT_FOUND "form not found"); an inactive form
 * is BAD_REQUEST "form template is not active". The form's fields and document are frozen into
 * the assignment. A PDF_SIGNATURE form gets a 128-bit signing token, stored only as its SHA-256,
 * answered once inside signingUrl, its coach-filled fieldValues stored as prefill, and no push.
 * Other forms ignore fieldValues and follow the push flag: true records FORM_SENT now (notify,
 * same transaction), false never announces, undefined leaves it to the hourly notifier.
 */
export async function assignForm(
  db: DbOrTx,
  scope: StudioScope,
  input: AssignFormInput,
): Promise<{ assignment: FormAssignmentRecord; signingUrl: string | null }> {
  const { studioId, now } = scope;
  return db.transaction(async (tx) => {
    const client = await loadLiveTrainee(tx, scope, input.clientId, {
      reach: false,
      select: { id: clients.id, timezone: clients.timezone, studioTimezone: studioTimezoneOfClient },
    });
    const form = await loadFormRow(tx, scope, input.formId);
    if (!form.isActive) throw new AppError("BAD_REQUEST", "form template is not active");

    const type = form.type as FormType;
    const fields = form.fields as FormField[];
    const zone = pickTimeZone(client.timezone, client.studioTimezone, "Asia/Jerusalem");
    const visibleFrom = visibleFromOf(input.visibleFrom, now, zone);
    const note = input.note?.trim() ? input.note.trim() : null;
    if (note && note.length > FORM_ASSIGNMENT_LIMITS.note)
      throw validation(`note must be at most ${FORM_ASSIGNMENT_LIMITS.note} characters`);

    const signing = type === "PDF_SIGNATURE";
    const prefill = signing ? prefillOf(fields, input.fieldValues) : {};
    const token = signing ? randomBytes(SIGNING_TOKEN_BYTES).toString("base64url") : null;
    const pushMode: FormPushMode = signing
      ? "NEVER"
      : input.push === true
        ? "NOW"
        : input.push === false
          ? "NEVER"
          : "DEFERRED";
    const frozenSchema: FrozenFormSchema = { fields, documentUrl: form.documentUrl };

    const [row] = await tx
      .insert(formAssignments)
      .values({
        studioId,
        formId: form.id,
        clientId: client.id,
        status: "PENDING",
        visibleFrom,
        note,
        tokenHash: token ? signingTokenHash(token) : null,
        prefill,
        frozenSchema,
        pushMode,
        announcedAt: pushMode === "NOW" ? now : null,
        source: input.source,
        createdAt: now,
      })
      .returning();

    if (pushMode === "NOW")
      await notify(tx, scope, {
        clientId: client.id,
        type: "FORM_SENT",
        formType: type,
        formId: form.id,
        variables: { form: form.name, coach: await coachVariable(tx, scope) },
        data: { assignmentId: row!.id },
      });

    const base = (scope.appWebUrl || DEFAULT_APP_WEB_URL).replace(/\/+$/, "");
    return {
      assignment: toFormAssignmentRecord(row!, form),
      signingUrl: token ? `${base}/sign/${token}` : null,
    };
  });
}
