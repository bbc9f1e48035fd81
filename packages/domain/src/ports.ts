/**
 * Outbound services, as interfaces only: the provider clients live in packages/jobs
 * (src/providers) and are called by job handlers, never in a request. Domain code composes what
 * to send and enqueues the job in its transaction (scope.jobs); tests pass a real loopback server
 * speaking the provider's protocol or a recording implementation of the port.
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface ChatMessage {
  studioId: string;
  /** E.164. */
  phone: string;
  text: string;
}

/** The chat channel (WhatsApp-style) used for trainee invites and sign-in codes. */
export interface ChatMessenger {
  sendMessage(message: ChatMessage): Promise<void>;
}

export interface DomainPorts {
  mailer: Mailer;
  chat: ChatMessenger;
}

/** One push to one device (the Expo push message shape). */
export interface PushMessage {
  to: string;
  title: string;
  body: string;
  sound: "default" | null;
  data: Record<string, unknown>;
}

/** The provider's answer for one message, in the order sent. */
export type PushTicket =
  | { status: "ok"; id?: string }
  | { status: "error"; message?: string; details?: { error?: string } & Record<string, unknown> };

/** The push provider. Throws when it cannot be used; a `retryable: false` error is not retried. */
export interface PushClient {
  /** One ticket per message, in order. */
  send(messages: readonly PushMessage[]): Promise<PushTicket[]>;
}
