import type { Hook, HookEvent } from "@studio/contracts";
import type { webhooks } from "@studio/db";
import { AppError } from "../errors";

type WebhookRow = typeof webhooks.$inferSelect;

/** The spec's messages (document 3 "Webhook registration"); the automation lane answers them with 400. */
export const HOOK_MESSAGES = {
  target: "targetUrl must be an https URL on a public host",
  formNotFound: "form not found",
  limit: "the key already has 50 webhooks",
  notFound: "webhook not found",
  unknownEvent: "unknown event",
} as const;

export const hookError = (message: string) => new AppError("BAD_REQUEST", message);

/** A hook as answered: never the secret. */
export const toHook = (row: WebhookRow): Hook => ({
  id: row.id,
  targetUrl: row.targetUrl,
  event: row.event as HookEvent,
  formId: row.formId,
  lastDeliveryAt: row.lastDeliveryAt?.toISOString() ?? null,
  lastStatus: row.lastStatus,
  createdAt: row.createdAt.toISOString(),
});
