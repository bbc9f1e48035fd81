import { z } from "zod";
import { boundedString } from "./bounded";

/**
 * The public signing page (document 3 "Document signing"; the web app proxies
 * `APP_WEB_URL/sign/<token>` to these four endpoints). Answers are plain JSON or PDF bytes, never
 * the envelope; errors are `{error, code, details?}` and a miss is `{error}` only.
 */
export const SIGNING_LIMITS = {
  /** The submit's JSON body (document 3 "Limits"). */
  bodyBytes: 4 * 1024 * 1024,
  /** A key of values or signatures. */
  key: 100,
  /** A text value. */
  value: 5000,
  /** Keys of values, and of signatures. */
  keys: 200,
  /** A signature's PNG data URL (characters). */
  signatureDataUrl: 600_000,
} as const;

/** Throttles per link and per visitor IP, in 600 second windows (document 3 "Limits"). */
export const SIGNING_THROTTLES = {
  windowSec: 600,
  view: { link: 60, ip: 600 },
  /** GET .../document and GET .../signed share this bucket. */
  document: { link: 40, ip: 400 },
  submit: { link: 8, ip: 60 },
} as const;

/** The link token in the path (base64url of 16 random bytes); anything else is a miss. */
export const SIGNING_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export const SIGNING_STATUSES = ["pending", "signed", "canceled"] as const;
export type SigningStatus = (typeof SIGNING_STATUSES)[number];

/** Why a signature image is refused (its `code` in the error body). */
export const SIGNATURE_PNG_REASONS = [
  "NOT_PNG_DATA_URL",
  "DATA_URL_TOO_LONG",
  "PNG_TOO_LARGE",
  "PNG_TOO_WIDE",
  "PNG_TOO_MANY_PIXELS",
  "PNG_INVALID",
] as const;

/** The path parameter (documented; the handler answers a malformed token as a miss, 404). */
export const SigningTokenParams = z.object({
  token: z
    .string()
    .max(22)
    // Documented only: the handler answers a malformed token (NUL included) as a miss, 404.
    .meta({ pattern: "^[^\\u0000]*$" })
    .describe(
      "The signing link's token (128 random bits, base64url): the credential of these routes. A malformed, unknown or withdrawn token answers 404.",
    ),
});

const keyedRecord = <T extends z.ZodType>(value: T, what: string) =>
  z
    .record(boundedString(SIGNING_LIMITS.key, { min: 1 }), value)
    .refine((record) => Object.keys(record).length <= SIGNING_LIMITS.keys, {
      message: `at most ${SIGNING_LIMITS.keys} ${what}`,
    });

/** `POST /v1/public/sign/:token` body (JSON, at most 4 MB). */
export const SigningSubmitInput = z
  .object({
    values: keyedRecord(boundedString(SIGNING_LIMITS.value), "values")
      .default({})
      .describe("trainee-filled text fields: field key to value (at most 5000 characters, 200 keys)"),
    signatures: keyedRecord(boundedString(SIGNING_LIMITS.signatureDataUrl), "signatures")
      .default({})
      .describe(
        "signature fields: field key to a PNG data URL (data:image/png;base64,…) of at most 600,000 characters; the PNG at most 400 KB, 4000 pixels per side and 4,000,000 pixels (200 keys)",
      ),
  })
  .meta({ id: "SigningSubmit" });
export type SigningSubmit = z.infer<typeof SigningSubmitInput>;

const hex = z.string().regex(/^#[0-9a-f]{6}$/);

export const SigningFieldSchema = z
  .object({
    key: z.string(),
    label: z.string(),
    kind: z.enum(["text", "signature"]),
    required: z.boolean(),
    filledBy: z.enum(["trainee", "coach"]),
    page: z.number().int().describe("zero-based page index"),
    x: z.number().describe("fraction of the page width from the left edge"),
    y: z.number().describe("fraction of the page height from the top edge"),
    w: z.number(),
    h: z.number(),
    value: z.string().nullable().describe("the coach-filled value frozen at send time, else null"),
  })
  .meta({ id: "SigningField" });

export const SigningPageSchema = z
  .object({
    status: z.enum(SIGNING_STATUSES),
    signedAt: z.string().nullable(),
    branding: z.object({
      studioName: z.string(),
      logoUrl: z.string().nullable(),
      primaryColor: hex,
      secondaryColor: hex,
    }),
    pages: z
      .array(z.object({ width: z.number(), height: z.number() }))
      .describe("page sizes in PDF points, rotation applied (empty for a canceled link)"),
    fields: z.array(SigningFieldSchema),
  })
  .meta({ id: "SigningPage" });
export type SigningPage = z.infer<typeof SigningPageSchema>;

export const SigningSubmitResultSchema = z
  .object({ status: z.literal("signed"), signedAt: z.string() })
  .meta({ id: "SigningSubmitResult" });
export type SigningSubmitResult = z.infer<typeof SigningSubmitResultSchema>;

/** Defaults when the studio's settings carry no branding colours. */
export const SIGNING_DEFAULT_COLORS = { primaryColor: "#1f2937", secondaryColor: "#2563eb" } as const;
