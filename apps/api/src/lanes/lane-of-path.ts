/** The lanes of document 1 and the prefix that selects each. Order matters: first match wins. */
export type LaneName =
  | "web"
  | "internal"
  | "admin"
  | "trainee"
  | "partner"
  | "automation"
  | "public"
  | "webhook"
  | "bearer"
  | "payments";

/** The payments provider's webhook (document 1: under /api, not /v1; Standard Webhooks signature). */
export const PAYMENTS_WEBHOOK_PATH = "/api/webhooks/payments";

const under = (prefix: string) => (p: string) => p === prefix || p.startsWith(`${prefix}/`);

const LANE_PREFIXES: [LaneName, (pathname: string) => boolean][] = [
  ["web", under("/v1/web")],
  ["internal", under("/v1/internal")],
  [
    "admin",
    (p) =>
      under("/v1/admin/default-forms")(p) ||
      under("/v1/admin/notification-configs")(p) ||
      under("/v1/admin/app-releases")(p),
  ],
  // Trainee sign-in needs no credential yet: public (throttled), before the trainee lane's token.
  ["public", under("/v1/trainee/auth")],
  ["trainee", under("/v1/trainee")],
  ["partner", under("/v1/partner")],
  ["automation", under("/v1/automation")],
  [
    "public",
    (p) =>
      p === "/v1/public/waitlist-leads" || under("/v1/public/onboarding")(p) || under("/v1/public/sign")(p),
  ],
  ["webhook", (p) => under("/v1/whatsapp/webhook")(p) || p === "/v1/agent/webhook"],
  ["bearer", (p) => under("/v1/studios")(p) || under("/v1/clients")(p) || under("/v1/whatsapp")(p)],
  ["payments", (p) => p === PAYMENTS_WEBHOOK_PATH],
];

export function laneOfPath(pathname: string): LaneName | undefined {
  return LANE_PREFIXES.find(([, matches]) => matches(pathname))?.[0];
}
