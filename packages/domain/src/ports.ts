/**
 * Outbound services the domain talks to through an interface: the production client or a
 * logging stand-in is chosen in apps/api/src/bootstrap.ts; tests pass a real loopback server
 * speaking the provider's protocol or a recording implementation of the port.
 */
export interface Mailer {
  send(message: { to: string; subject: string; text: string }): Promise<void>;
}

/** The chat channel (WhatsApp-style) used for trainee invites and sign-in codes. */
export interface ChatMessenger {
  sendMessage(message: { studioId: string; phone: string; text: string }): Promise<void>;
}

export interface DomainPorts {
  mailer: Mailer;
  chat: ChatMessenger;
}

/** Development stand-ins: they only log (no credentials or message bodies beyond the recipient). */
export function loggingPorts(log: (msg: string, fields: Record<string, unknown>) => void): DomainPorts {
  return {
    mailer: {
      send: async (m) =>
        log("mail (not sent: no mail provider configured)", { to: m.to, subject: m.subject }),
    },
    chat: {
      sendMessage: async (m) =>
        log("chat message (not sent: no chat provider configured)", { studioId: m.studioId, phone: m.phone }),
    },
  };
}
