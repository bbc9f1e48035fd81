import { addressRefusal, classifyAddress, isIpLiteral, type AddressClass } from "./addresses";

export type Scheme = "http" | "https";

export interface TargetPolicy {
  /** Schemes accepted: hooks and forwards take ["https"], recipe links ["http", "https"]. Default ["https"]. */
  schemes?: readonly Scheme[];
  /**
   * Loopback addresses are reachable, also over http (WEBHOOK_ALLOW_LOOPBACK=1, which the API
   * refuses in production). Only for tests: every other refusal still applies.
   */
  allowLoopback?: boolean;
}

/** Why a target is refused. */
export type TargetRefusal =
  | { reason: "invalid-url" }
  | { reason: "scheme"; scheme: string }
  | { reason: "host-name"; host: string }
  | { reason: "address"; address: string; addressClass: AddressClass };

export type TargetCheck = { ok: true; url: URL; host: string } | { ok: false; refusal: TargetRefusal };

/** Host names that never name a public server, whatever DNS says. */
export function isForbiddenHostName(host: string): boolean {
  const name = host.toLowerCase().replace(/\.+$/, "");
  return (
    name === "" ||
    name === "localhost" ||
    name.endsWith(".localhost") ||
    name === "local" ||
    name.endsWith(".local") ||
    name === "internal" ||
    name.endsWith(".internal")
  );
}

/** The URL's host without IPv6 brackets. */
export const hostOf = (url: URL): string => url.hostname.replace(/^\[(.*)\]$/, "$1");

/**
 * The registration check of decisions.md "Outbound target checks", on the URL alone (no DNS):
 * an allowed scheme; host not localhost, not under .local or
 * .internal; an IP literal not loopback, private, link-local, unique-local, unspecified (nor
 * another special-purpose range). The URL parser has already normalized odd IPv4 spellings
 * (`http://2130706433/`, `http://0x7f.1/` are 127.0.0.1) and IPv6 forms.
 */
export function checkTarget(target: string | URL, policy: TargetPolicy = {}): TargetCheck {
  let url: URL;
  try {
    url = typeof target === "string" ? new URL(target) : new URL(target.href);
  } catch {
    return { ok: false, refusal: { reason: "invalid-url" } };
  }
  const scheme = url.protocol.replace(/:$/, "");
  if (scheme !== "http" && scheme !== "https") return { ok: false, refusal: { reason: "scheme", scheme } };
  const host = hostOf(url);
  if (!host) return { ok: false, refusal: { reason: "invalid-url" } };
  const schemes = policy.schemes ?? ["https"];
  const loopbackException =
    policy.allowLoopback === true && scheme === "http" && classifyAddress(host) === "loopback";
  if (!schemes.includes(scheme) && !loopbackException)
    return { ok: false, refusal: { reason: "scheme", scheme } };
  if (isIpLiteral(host)) {
    const addressClass = addressRefusal(host, policy.allowLoopback === true);
    if (addressClass) return { ok: false, refusal: { reason: "address", address: host, addressClass } };
  } else if (isForbiddenHostName(host)) {
    return { ok: false, refusal: { reason: "host-name", host } };
  }
  return { ok: true, url, host };
}

/** A short English description of a refusal (no secrets: the URL's path and query are never included). */
export function describeRefusal(refusal: TargetRefusal): string {
  switch (refusal.reason) {
    case "invalid-url":
      return "target is not a valid URL";
    case "scheme":
      return `target scheme ${refusal.scheme} is not allowed`;
    case "host-name":
      return `target host ${refusal.host} is not allowed`;
    case "address":
      return `target address ${refusal.address} is ${refusal.addressClass}`;
  }
}
