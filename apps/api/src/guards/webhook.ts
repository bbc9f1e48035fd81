import type { Context } from "hono";
import { verifyWebhookToken } from "@studio/auth";
import type { AppEnv } from "../hono-env";
import { laneError } from "../rest/lane-error";

/** Webhook lane: `?token=` compared in constant time with WEBHOOK_SECRET; unset secret refuses all. */
export function authenticateWebhook(c: Context<AppEnv>): Response | undefined {
  if (!verifyWebhookToken(c.req.query("token"), c.get("deps").config.webhookSecret)) {
    return laneError(c, "UNAUTHORIZED", "invalid webhook token");
  }
  c.set("auth", { lane: "webhook" });
  return undefined;
}
