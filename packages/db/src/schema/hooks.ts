import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns";
import { apiKeys, studioIdColumn } from "./studio";

/**
 * Outbound webhooks registered through the automation lane (document 3 "Webhook
 * registration"): FORM_FILLED only, optionally narrowed to one form. The secret signs every
 * delivery (HMAC over the exact body), so it is kept; it is shown once, at registration.
 * Hooks belong to the API key that created them; revoking the key does not remove them.
 */
export const webhooks = pgTable(
  "webhooks",
  {
    id: id(),
    studioId: studioIdColumn(),
    apiKeyId: text("api_key_id")
      .notNull()
      .references(() => apiKeys.id, { onDelete: "cascade" }),
    targetUrl: text("target_url").notNull(),
    event: text("event").notNull().default("FORM_FILLED"),
    formId: text("form_id"),
    secret: text("secret").notNull(),
    lastDeliveryAt: timestamp("last_delivery_at", { withTimezone: true }),
    lastStatus: integer("last_status"),
    failureCount: integer("failure_count").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("webhooks_studio_idx").on(t.studioId, t.event), index("webhooks_api_key_idx").on(t.apiKeyId)],
);
