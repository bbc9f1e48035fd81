// The one error and deadline helper of the provider adapters.

/**
 * A provider refused or could not be reached; `retryable` says whether a later attempt may
 * succeed (network, timeout, 429, 5xx, an unexpected body), `status` is its HTTP status when it
 * answered. Each adapter names its own subclass (MailProviderError, ChatProviderError,
 * PushProviderError: `override name = "…"`, spelled out so bundling cannot rename it) so job
 * logs say which provider failed.
 */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly status?: number,
  ) {
    super(message);
    this.name = "ProviderError";
  }
}

/** 429 and 5xx may pass on a later attempt; any other refusal will not. */
export const isRetryableStatus = (status: number): boolean => status === 429 || status >= 500;

/**
 * Runs `fn` with a signal that aborts `ms` milliseconds after the call (a `TimeoutError`, as
 * `AbortSignal.timeout` would). The deadline covers the whole of `fn`, reading the answer's body
 * included; the timer is cleared when `fn` settles. `signal.aborted` tells afterwards whether the
 * deadline passed.
 */
export async function withDeadline<T>(ms: number, fn: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException(`timed out after ${ms} ms`, "TimeoutError")),
    ms,
  );
  try {
    return await fn(controller.signal);
  } finally {
    clearTimeout(timer);
  }
}

/** The failure of a fetch under a deadline, in the providers' words: "timed out after N ms" or "unreachable". */
export const unreachableReason = (error: unknown, ms: number): string =>
  error instanceof Error && error.name === "TimeoutError" ? `timed out after ${ms} ms` : "unreachable";
