import type { KvStore } from "@studio/kv";
import type { ScopeBase } from "../scope";
import type { VisitorActor } from "../trainee/sign-in-scope";

/** The scope of POST /v1/public/waitlist-leads: an anonymous visitor, and whether leads are forwarded. */
export interface WaitlistScope extends ScopeBase {
  actor: VisitorActor;
  waitlist: {
    /** WAITLIST_FORWARD_URL is configured: each lead gets a forward job in its transaction. */
    forwardConfigured: boolean;
    /** The throttle's counters (Redis or in-process). */
    kv: KvStore;
    /** Sign-ups per visitor address per WAITLIST_LIMITS.windowSeconds (WAITLIST_RATE_LIMIT, default 20). */
    perAddressLimit: number;
  };
}
