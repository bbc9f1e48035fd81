// Audit entries (document 3 "Response envelope": automation writes record the API key as actor).
export { recordAuditEntry, type AuditAction, type AuditEntryInput } from "./record-audit-entry";
