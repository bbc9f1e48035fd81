// The rules a studio form's fields and its document obey (VALIDATION with one issue per miss).

import { FORM_LIMITS, type FormField, type FormFieldInput, type FormType } from "@studio/contracts";
import { validation } from "../errors";
import { isStudioMediaKey } from "../media/media-keys";
import { storageOf } from "../media/object-storage";
import type { StudioScope } from "../scope";

interface Issue {
  path: string;
  message: string;
  code: "custom";
}

const refuse = (issues: Issue[]): never => {
  throw validation(issues.map((i) => `${i.path}: ${i.message}`).join("; "), { issues });
};

const BOX = ["page", "x", "y", "w", "h"] as const;

/**
 * The rules of a whole form (docs/decisions/forms.md "Forms (web routes)"): keys unique; a box is
 * all five members or none, inside the page with a positive size; a PDF_SIGNATURE form holds
 * text and signature fields, each with a box, and needs its documentUrl; signature fields only
 * there and filled by the trainee; a choice field has 1 to 50 distinct options, other kinds
 * none. Returns the fields as stored (defaults filled in).
 */
export function checkForm(
  type: FormType,
  fields: readonly (FormFieldInput | FormField)[],
  documentUrl: string | null,
): FormField[] {
  const issues: Issue[] = [];
  const add = (path: string, message: string) => issues.push({ path, message, code: "custom" });
  const pdf = type === "PDF_SIGNATURE";
  if (pdf && !documentUrl) add("documentUrl", "a PDF_SIGNATURE form needs documentUrl (a stored PDF)");
  const seen = new Set<string>();
  const stored = fields.map((field, index): FormField => {
    const at = `fields.${index}`;
    if (seen.has(field.key)) add(`${at}.key`, `duplicate key ${field.key}`);
    seen.add(field.key);
    const present = BOX.filter((member) => field[member] !== undefined && field[member] !== null);
    if (present.length > 0 && present.length < BOX.length)
      add(at, "a box needs page, x, y, w and h together");
    const hasBox = present.length === BOX.length;
    if (hasBox) {
      if (!(field.w! > 0) || !(field.h! > 0)) add(at, "a box needs w and h above 0");
      if (field.x! + field.w! > 1 || field.y! + field.h! > 1) add(at, "a box must lie inside the page");
    }
    if (pdf && !hasBox) add(at, "fields of a PDF_SIGNATURE form need a box (page, x, y, w, h)");
    if (pdf && field.kind !== "text" && field.kind !== "signature")
      add(`${at}.kind`, "a PDF_SIGNATURE form holds text and signature fields only");
    if (!pdf && field.kind === "signature")
      add(`${at}.kind`, "signature fields belong to PDF_SIGNATURE forms");
    const filledBy = field.filledBy ?? "trainee";
    if (field.kind === "signature" && filledBy !== "trainee")
      add(`${at}.filledBy`, "a signature is filled by the trainee");
    const options = field.options ?? null;
    if (field.kind === "choice") {
      if (!options || options.length === 0) add(`${at}.options`, "a choice field needs options");
      else if (new Set(options).size !== options.length) add(`${at}.options`, "options must be distinct");
    } else if (options !== null) add(`${at}.options`, "only choice fields have options");
    return {
      key: field.key,
      label: field.label,
      kind: field.kind,
      required: field.required ?? false,
      filledBy,
      options: field.kind === "choice" ? options : null,
      page: hasBox ? field.page! : null,
      x: hasBox ? field.x! : null,
      y: hasBox ? field.y! : null,
      w: hasBox ? field.w! : null,
      h: hasBox ? field.h! : null,
    };
  });
  if (stored.length > FORM_LIMITS.fields) add("fields", `at most ${FORM_LIMITS.fields} fields`);
  if (issues.length > 0) refuse(issues);
  return stored;
}

/**
 * "A stored PDF": the public URL of a .pdf object under one of this studio's media scope
 * prefixes, exactly as the storage builds it (`storage.publicUrl(key)`). Another studio's
 * object, another host or a non-PDF is VALIDATION; no storage configured is INTERNAL.
 */
export function assertStoredStudioPdf(scope: StudioScope, url: string): void {
  const storage = storageOf(scope);
  const base = storage.publicUrl("");
  let key: string | null = null;
  if (url.startsWith(base)) {
    try {
      key = url.slice(base.length).split("/").map(decodeURIComponent).join("/");
    } catch {
      key = null;
    }
  }
  const ok =
    key !== null &&
    key.endsWith(".pdf") &&
    isStudioMediaKey(scope.studioId, key) &&
    storage.publicUrl(key) === url;
  if (!ok)
    refuse([
      {
        path: "documentUrl",
        message: "must be a PDF stored through this studio's media upload",
        code: "custom",
      },
    ]);
}
