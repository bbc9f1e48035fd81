import type { z } from "zod";

/**
 * Outbound services, as interfaces only: every adapter lives in packages/providers (one folder
 * per port: mail, chat, push, model, storage, web-pages) and implements the type declared here.
 * Mail, chat and push are called by job handlers, never in a request, with one exception: signup
 * verification codes, whose answer is the send's verdict (onboarding/onboarding-channels.ts).
 * Domain code composes what to send and enqueues the job in its transaction (scope.jobs); tests
 * pass a real loopback server speaking the provider's protocol or a recording implementation of
 * the port.
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
  /**
   * The one-time code when the message carries one (sign-in): a provider that must send codes
   * through an authentication template (WHATSAPP_CODE_TEMPLATE) sends it as the template's parameter.
   */
  oneTimeCode?: string;
}

/** The chat channel (WhatsApp-style) used for trainee invites, sign-in and signup codes. */
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

/** A multipart step the storage refused for a reason the caller can fix (S3's own refusals). */
export type MultipartRefusal =
  /** NoSuchUpload: the upload id is unknown, finished or aborted, or belongs to another key. */
  | "no-such-upload"
  /** EntityTooSmall: a part other than the last is under 5 MiB. */
  | "part-too-small"
  /** InvalidPart: a listed part was not uploaded or its etag does not match. */
  | "invalid-part";

/**
 * Object storage (S3 or compatible; a local directory in the embedded default).
 * packages/providers/src/storage implements it; the web scope carries it (`scope.storage`, null when not configured). Expected
 * refusals come back as values; anything thrown is a storage failure (unreachable, refused
 * credentials) the caller reports as unavailable.
 */
export interface ObjectStorage {
  /** Stores one object. */
  putObject(input: { key: string; body: Uint8Array; contentType: string }): Promise<void>;
  /**
   * A URL that accepts one PUT of the object until `now + expiresInSeconds`, only with
   * `contentType` (and, when `contentLength` is given, only a body of exactly that many bytes).
   */
  presignPut(input: {
    key: string;
    contentType: string;
    expiresInSeconds: number;
    now: Date;
    contentLength?: number;
  }): Promise<string>;
  /** The stored object's size in bytes, or null when there is no object under `key`. */
  objectSize(key: string): Promise<number | null>;
  createMultipartUpload(input: { key: string; contentType: string }): Promise<{ uploadId: string }>;
  uploadPart(input: {
    key: string;
    uploadId: string;
    partNumber: number;
    body: Uint8Array;
  }): Promise<{ ok: true; etag: string } | { ok: false; refusal: "no-such-upload" }>;
  /** Assembles the listed parts (ascending part numbers) into the object. */
  completeMultipartUpload(input: {
    key: string;
    uploadId: string;
    parts: readonly { partNumber: number; etag: string }[];
  }): Promise<{ ok: true } | { ok: false; refusal: MultipartRefusal }>;
  /** Drops an upload and its parts; an unknown upload is already gone (no error). */
  abortMultipartUpload(input: { key: string; uploadId: string }): Promise<void>;
  /** Where the stored object is read from (S3_PUBLIC_BASE_URL + key). */
  publicUrl(key: string): string;
  /** The stored object's bytes, or null when there is no object under `key`. */
  getObject(key: string): Promise<Uint8Array | null>;
  /** Removes the object; a missing object is already gone (no error). */
  deleteObject(key: string): Promise<void>;
}

/** Why a language model gave no answer (packages/providers/src/model implements the port). */
export type ModelFailure = "unavailable" | "timeout" | "invalid-output";

export type ModelAnswer<T> = { ok: true; value: T } | { ok: false; failure: ModelFailure; message: string };

/** One structured completion: the answer must parse with `schema` (sent to the model as its JSON schema). */
export interface ModelRequest<T> {
  schemaName: string;
  schema: z.ZodType<T>;
  system: string;
  prompt: string;
  /** Per attempt. */
  timeoutMs?: number;
  /** Extra attempts after an unavailable or invalid answer (a timeout is not retried). */
  retries?: number;
  maxTokens?: number;
}

/**
 * The language model (LLM_BASE_URL, an OpenAI-compatible chat endpoint). Called inside a
 * request, unlike the providers above: the caller waits for its answer. Failures come back as
 * values; `scope.model` is null when no model is configured (decisions.md "Model features
 * without a model").
 */
export interface LanguageModel {
  generate<T>(request: ModelRequest<T>): Promise<ModelAnswer<T>>;
}

/**
 * Why a web page could not be read: refused (the URL fails the outbound target checks),
 * unreachable (status other than 2xx, redirect, timeout, too large, network), no-text.
 */
export type PageReadFailure = "refused" | "unreachable" | "no-text";

export type PageRead = { ok: true; text: string } | { ok: false; failure: PageReadFailure; message: string };

/** Reads links (recipe pages) under the outbound target checks; packages/providers/src/web-pages implements it. */
export interface WebPageReader {
  /** The page's readable text, fetched directly. */
  read(url: string): Promise<PageRead>;
  /** The same page through the second reader (RECIPE_READER_URL); null when none is configured. */
  readThroughReader(url: string): Promise<PageRead | null>;
}
