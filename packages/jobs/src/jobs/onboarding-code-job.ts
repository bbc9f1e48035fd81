import { SendOnboardingCodePayload } from "@studio/contracts";
import { defineJob, type WorkerServices } from "../job-registry";
import { platformJobScopeFor } from "../job-scope";

/**
 * The shape both signup code jobs share (request-otp over chat, request-email-otp by mail). A code
 * is worth sending only while it is valid: a few quick retries (5, 10 s) when the provider refuses
 * or cannot be reached, and a job that runs after the code expired sends nothing. Recipient and
 * code travel sealed (SESSION_SIGNING_SECRET); a payload that does not open is logged and dropped.
 * Log lines never carry the code or the recipient (the providers' refusals hold neither).
 */
export function defineOnboardingCodeJob<const TName extends string, T>(channel: {
  name: TName;
  /** "chat" or "mail", for the log lines. */
  provider: string;
  open: (sealed: string, secret: string) => T | null;
  /** Sends the opened code; throws when the provider refuses (the attempt is retried). */
  send: (opened: T, services: WorkerServices) => Promise<unknown>;
}) {
  return defineJob({
    name: channel.name,
    payload: SendOnboardingCodePayload,
    retryLimit: 2,
    retryDelaySec: 5,
    retryBackoff: true,
    expireInSeconds: 30,
    async handler(payload, deps, job) {
      const scope = platformJobScopeFor(deps, job);
      if (scope.now.getTime() >= payload.expiresAt) {
        scope.logger.info("signup code not sent: it expired before the job ran");
        return;
      }
      const services = deps.services;
      const secret = services?.sessionSigningSecret;
      if (!services || !secret)
        throw new Error("no SESSION_SIGNING_SECRET in the worker's services (sessionSigningSecret)");
      const opened = channel.open(payload.sealed, secret);
      if (opened === null) {
        scope.logger.error(
          "signup code not sent: the sealed code does not open with this SESSION_SIGNING_SECRET",
        );
        return;
      }
      try {
        await channel.send(opened, services);
      } catch (error) {
        scope.logger.warn(`signup code not sent: the ${channel.provider} provider refused`, {
          attempt: job.retryCount + 1,
          error: error instanceof Error ? error.message : String(error),
        });
        throw error;
      }
    },
  });
}
