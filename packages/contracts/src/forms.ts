import { z } from "zod";
import { boundedId, boundedInt, boundedName, boundedString, boundedUrl } from "./bounded";
import { FormTypeSchema } from "./notifications";
import { paged, pagingQuery } from "./paging";

/**
 * Forms: the web routes `POST/GET/PATCH /v1/web/forms` (decisions.md "Supporting web routes";
 * docs/decisions/forms.md "Forms (web routes)"). The contract checks shapes and bounds; the rules
 * that look at the whole form (unique keys, boxes, kinds per type, the stored PDF) are the
 * operation's.
 */
export const FORM_FIELD_KINDS = ["text", "number", "choice", "date", "measurement", "signature"] as const;
export const FormFieldKindSchema = z.enum(FORM_FIELD_KINDS);
export type FormFieldKind = z.infer<typeof FormFieldKindSchema>;
export const FormFilledBySchema = z.enum(["trainee", "coach"]);
export type FormFilledBy = z.infer<typeof FormFilledBySchema>;

export const FORM_LIMITS = {
  /** Fields per form (document 3's signing page takes at most 200 keys). */
  fields: 200,
  /** Field key characters (document 3's signing page: keys at most 100). */
  keyChars: 64,
  /** Options of a choice field. */
  options: 50,
  /** Highest zero-based page of a box. */
  maxPage: 999,
} as const;

/** A safe identifier: a letter, then letters, digits or underscores. */
export const FORM_FIELD_KEY_PATTERN = /^[A-Za-z][A-Za-z0-9_]*$/;
const fieldKey = () =>
  boundedString(FORM_LIMITS.keyChars, { min: 1 })
    .regex(FORM_FIELD_KEY_PATTERN, "must start with a letter and hold only letters, digits and _")
    .describe("unique within the form");
/** A fraction of the page, from its top-left corner (document 3 "Document signing"). */
const fraction = () => z.number().min(0, "must be at least 0").max(1, "must be at most 1");

const boxShape = {
  page: boundedInt(0, FORM_LIMITS.maxPage).describe("zero-based page of the document"),
  x: fraction(),
  y: fraction(),
  w: fraction(),
  h: fraction(),
};

export const FormFieldInput = z.object({
  key: fieldKey(),
  label: boundedName(),
  kind: FormFieldKindSchema,
  required: z.boolean().optional().describe("default false"),
  filledBy: FormFilledBySchema.optional().describe("default trainee"),
  options: z
    .array(boundedName())
    .max(FORM_LIMITS.options)
    .optional()
    .describe("kind choice only (required there): 1 to 50 distinct options"),
  page: boxShape.page.optional(),
  x: boxShape.x.optional(),
  y: boxShape.y.optional(),
  w: boxShape.w.optional(),
  h: boxShape.h.optional(),
});
export type FormFieldInput = z.infer<typeof FormFieldInput>;

export const FormFieldSchema = z
  .object({
    key: z.string(),
    label: z.string(),
    kind: FormFieldKindSchema,
    required: z.boolean(),
    filledBy: FormFilledBySchema,
    options: z.array(z.string()).nullable().describe("kind choice only"),
    page: z.number().int().nullable().describe("null: no box"),
    x: z.number().nullable(),
    y: z.number().nullable(),
    w: z.number().nullable(),
    h: z.number().nullable(),
  })
  .meta({ id: "FormField" });
export type FormField = z.infer<typeof FormFieldSchema>;

export const FormSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    type: FormTypeSchema,
    isActive: z.boolean(),
    isPublished: z.boolean(),
    fields: z.array(FormFieldSchema),
    documentUrl: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "Form" });
export type Form = z.infer<typeof FormSchema>;

const formFields = {
  name: boundedName(),
  type: FormTypeSchema,
  isActive: z.boolean(),
  isPublished: z.boolean(),
  fields: z.array(FormFieldInput).max(FORM_LIMITS.fields),
  documentUrl: boundedUrl()
    .nullable()
    .describe("a PDF stored through the studio's media upload (required for PDF_SIGNATURE)"),
};

/** `POST /v1/web/forms` */
export const FormCreateInput = z.object({
  name: formFields.name,
  type: formFields.type,
  isActive: formFields.isActive.optional().describe("default true"),
  isPublished: formFields.isPublished.optional().describe("default true"),
  fields: formFields.fields.optional().describe("default none"),
  documentUrl: formFields.documentUrl.optional(),
});
export type FormCreate = z.infer<typeof FormCreateInput>;

/** `PATCH /v1/web/forms/:id`: the fields sent; `fields` replaces the list whole. */
export const FormUpdateInput = z.object({ id: boundedId() }).extend(z.object(formFields).partial().shape);
export type FormUpdate = z.infer<typeof FormUpdateInput>;

export const FormIdInput = z.object({ id: boundedId() });

/** `GET /v1/web/forms`: newest first. */
export const FormListQuery = z.object({
  type: FormTypeSchema.optional(),
  ...pagingQuery(),
});
export type FormListFilters = z.infer<typeof FormListQuery>;
export const FormListSchema = paged(FormSchema);
