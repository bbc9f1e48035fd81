import { z } from "zod";
import { boundedId, boundedString, INPUT_LIMITS } from "./bounded";

/** Document 3 "Events": the hook event enumeration has one value. */
export const HOOK_EVENTS = ["FORM_FILLED"] as const;
export type HookEvent = (typeof HOOK_EVENTS)[number];

/** Document 3 "Limits". */
export const HOOK_LIMITS = {
  perApiKey: 50,
  targetUrl: INPUT_LIMITS.url,
  /** Bytes of randomness of a secret (48 hex characters). */
  secretBytes: 24,
} as const;

/**
 * POST hooks. Strings stay strings here (event and formId are checked by the operation with the
 * spec's messages); blank formId means every form.
 */
export const HookCreateInput = z.object({
  targetUrl: boundedString(HOOK_LIMITS.targetUrl, { trim: true }),
  event: boundedString(INPUT_LIMITS.name, { trim: true }).optional(),
  formId: boundedString(INPUT_LIMITS.id, { trim: true }).nullish(),
});
export type HookCreateInput = z.input<typeof HookCreateInput>;

export const HookListInput = z.object({
  event: boundedString(INPUT_LIMITS.name, { trim: true }).optional(),
});
export type HookListInput = z.input<typeof HookListInput>;

export const HookDeleteInput = z.object({ id: boundedId() });
export type HookDeleteInput = z.input<typeof HookDeleteInput>;

/** A hook as listed (never the secret). */
export interface Hook {
  id: string;
  targetUrl: string;
  event: HookEvent;
  formId: string | null;
  lastDeliveryAt: string | null;
  lastStatus: number | null;
  createdAt: string;
}

/** The registration answer: the only place the secret is ever shown. */
export interface RegisteredHook extends Hook {
  secret: string;
}

/** One answerable field of the submitted form, in the order the trainee saw them. */
export interface FormFilledField {
  key: string;
  label: string;
  kind: string;
  value: unknown;
}

/** decisions.md "Outbound webhook FORM_FILLED": the delivery body. */
export interface FormFilledBody {
  event: "form_filled";
  hookId: string;
  studioId: string;
  clientId: string;
  externalId: string | null;
  formId: string;
  formName: string;
  formType: string;
  responseId: string;
  submissionNumber: number;
  submittedAt: string;
  documentUrl: string | null;
  fields: FormFilledField[];
}
