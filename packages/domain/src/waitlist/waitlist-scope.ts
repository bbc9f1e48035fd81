import type { ScopeBase } from "../scope";
import type { VisitorActor } from "../trainee/sign-in-scope";

/** The scope of POST /v1/public/waitlist-leads: an anonymous visitor, and whether leads are forwarded. */
export interface WaitlistScope extends ScopeBase {
  actor: VisitorActor;
  waitlist: {
    /** WAITLIST_FORWARD_URL is configured: each lead gets a forward job in its transaction. */
    forwardConfigured: boolean;
  };
}
