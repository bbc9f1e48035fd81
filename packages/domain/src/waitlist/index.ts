// The public waitlist (document 3 "POST /v1/public/waitlist-leads"): the lead, and what its
// best-effort forward job (packages/jobs forward-waitlist-lead) reads and records.
export { createWaitlistLead } from "./create-waitlist-lead";
export { loadWaitlistLeadForForward, markWaitlistLeadForwarded } from "./waitlist-forward";
export { toWaitlistLead } from "./waitlist-record";
export type { WaitlistScope } from "./waitlist-scope";
