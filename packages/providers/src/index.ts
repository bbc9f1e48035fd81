// @studio/providers: the one home of the provider adapters, each implementing the port
// @studio/domain declares (domain/src/ports.ts), so nothing redeclares a port type:
//   mail/       Postmark mailer                   → Mailer
//   chat/       WhatsApp Cloud API chat           → ChatMessenger
//   push/       Expo push client                  → PushClient
//   model/      OpenAI-compatible chat client     → LanguageModel
//   storage/    S3 and local-directory storage    → ObjectStorage
//   web-pages/  recipe link reader                → WebPageReader
//   logging-ports.ts: development stand-ins for mail and chat
// Each kind is imported by its subpath (`@studio/providers/mail`), so a process loads only the
// adapters it uses (the worker never loads the AWS SDK). Their settings come from @studio/config;
// the outbound target checks and safeFetch stay in @studio/outbound (the gate every outbound
// call passes, domain's webhook registration included), which web-pages uses. Shared by all:
// ProviderError and withDeadline (provider-error.ts). S3 keeps the AWS SDK's own timeouts.
export { isRetryableStatus, ProviderError, unreachableReason, withDeadline } from "./provider-error";
export { loggingPorts } from "./logging-ports";
