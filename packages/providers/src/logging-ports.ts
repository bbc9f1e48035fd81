import type { DomainPorts } from "@studio/domain";
import type { Logger } from "@studio/observability";

/**
 * Development stand-ins for the mail and chat providers: they only log that a message was not
 * sent, with no recipient, name or body (personal data stays out of logs).
 */
export function loggingPorts(logger: Logger): DomainPorts {
  return {
    mailer: { send: async () => logger.info("mail not sent: no mail provider configured") },
    chat: {
      sendMessage: async (m) =>
        logger.info("chat message not sent: no chat provider configured", { studioId: m.studioId }),
    },
  };
}
