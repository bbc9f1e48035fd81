import type { LanguageModel, ModelAnswer, ModelRequest } from "@studio/domain";
import { z } from "zod";
import { withDeadline } from "../provider-error";

/** Default per-attempt deadline (the tracking insight keeps it; slower features pass their own). */
export const LLM_DEFAULT_TIMEOUT_MS = 12_000;
/** Largest completion body read. */
export const LLM_MAX_RESPONSE_BYTES = 1024 * 1024;
const RETRY_DELAY_MS = 250;

export interface LlmConfig {
  /** LLM_BASE_URL: the API root, e.g. `https://api.openai.com/v1` (`/chat/completions` is appended). */
  baseUrl: string;
  /** LLM_API_KEY: sent as `Authorization: Bearer` when set. */
  apiKey?: string;
  /** LLM_MODEL. */
  model: string;
  /** Per attempt; default 12 s. */
  timeoutMs?: number;
  /** Extra attempts after an unavailable (network, 429, 5xx) or invalid answer; default 0. */
  retries?: number;
}

/**
 * Implements domain's LanguageModel port (ModelRequest → ModelAnswer). Failures, never thrown:
 * - unavailable: the endpoint could not be reached, or answered an error status;
 * - timeout: no complete answer within the deadline;
 * - invalid-output: the answer was not JSON matching the schema (or the model refused).
 * The request's schema goes to the model as strict structured output (zod's `z.toJSONSchema`),
 * so keep it plain: objects, strings, numbers, enums, arrays, no transforms; clean up in the caller.
 */
type Attempt<T> = ModelAnswer<T> & { retryable?: boolean };

/** The JSON schema sent as response_format (the `$schema` key some providers refuse is dropped). */
export function answerJsonSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { unrepresentable: "any" }) as Record<
    string,
    unknown
  >;
  return rest;
}

/** The JSON text of an answer: some compatible servers wrap it in a Markdown code fence. */
const unfence = (content: string) => {
  const fenced = /^\s*```[a-z]*\s*\n?([\s\S]*?)\n?\s*```\s*$/i.exec(content);
  return (fenced ? fenced[1]! : content).trim();
};

/** The message content of a chat completion (a string, or text parts). */
function contentOf(completion: unknown): { content?: string; refusal?: string } {
  const message = (completion as { choices?: { message?: { content?: unknown; refusal?: unknown } }[] })
    ?.choices?.[0]?.message;
  if (!message) return {};
  if (typeof message.refusal === "string" && message.refusal) return { refusal: message.refusal };
  if (typeof message.content === "string") return { content: message.content };
  if (Array.isArray(message.content))
    return {
      content: message.content
        .map((part: unknown) =>
          typeof (part as { text?: unknown })?.text === "string" ? (part as { text: string }).text : "",
        )
        .join(""),
    };
  return {};
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The OpenAI-compatible chat client: POST `{baseUrl}/chat/completions` with the model, a system
 * and a user message and `response_format: {type: "json_schema", json_schema: {name, strict,
 * schema}}`; the answer's message content is parsed as JSON and validated with the zod schema.
 */
export function createLanguageModel(config: LlmConfig): LanguageModel {
  const endpoint = `${config.baseUrl.replace(/\/+$/, "")}/chat/completions`;

  const attempt = <T>(request: ModelRequest<T>, timeoutMs: number): Promise<Attempt<T>> =>
    withDeadline(timeoutMs, async (signal): Promise<Attempt<T>> => {
      let response: Response;
      let body: string;
      try {
        response = await fetch(endpoint, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            accept: "application/json",
            ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
          },
          body: JSON.stringify({
            model: config.model,
            messages: [
              { role: "system", content: request.system },
              { role: "user", content: request.prompt },
            ],
            response_format: {
              type: "json_schema",
              json_schema: {
                name: request.schemaName,
                strict: true,
                schema: answerJsonSchema(request.schema),
              },
            },
            ...(request.maxTokens ? { max_tokens: request.maxTokens } : {}),
          }),
          signal,
        });
        const declared = Number(response.headers.get("content-length"));
        if (Number.isFinite(declared) && declared > LLM_MAX_RESPONSE_BYTES) {
          void response.body?.cancel().catch(() => {});
          return { ok: false, failure: "invalid-output", message: "completion larger than the size cap" };
        }
        body = await response.text();
      } catch (err) {
        if (signal.aborted)
          return { ok: false, failure: "timeout", message: `no answer within ${timeoutMs} ms` };
        return {
          ok: false,
          failure: "unavailable",
          message: `chat completions unreachable: ${(err as Error).message}`,
          retryable: true,
        };
      }
      if (!response.ok) {
        // The provider's error text is not repeated: some echo a part of the key.
        const retryable = response.status === 429 || response.status >= 500;
        return {
          ok: false,
          failure: "unavailable",
          message: `chat completions answered ${response.status}`,
          retryable,
        };
      }
      if (body.length > LLM_MAX_RESPONSE_BYTES)
        return { ok: false, failure: "invalid-output", message: "completion larger than the size cap" };
      let completion: unknown;
      try {
        completion = JSON.parse(body);
      } catch {
        return { ok: false, failure: "invalid-output", message: "completion is not JSON", retryable: true };
      }
      const { content, refusal } = contentOf(completion);
      if (refusal)
        return { ok: false, failure: "invalid-output", message: "the model refused", retryable: true };
      if (content === undefined)
        return {
          ok: false,
          failure: "invalid-output",
          message: "completion has no message content",
          retryable: true,
        };
      let answer: unknown;
      try {
        answer = JSON.parse(unfence(content));
      } catch {
        return { ok: false, failure: "invalid-output", message: "answer is not JSON", retryable: true };
      }
      const parsed = request.schema.safeParse(answer);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const where = issue?.path.length ? `${issue.path.join(".")}: ` : "";
        return {
          ok: false,
          failure: "invalid-output",
          message: `answer does not match ${request.schemaName}: ${where}${issue?.message ?? "invalid"}`,
          retryable: true,
        };
      }
      return { ok: true, value: parsed.data };
    });

  return {
    async generate<T>(request: ModelRequest<T>): Promise<ModelAnswer<T>> {
      const timeoutMs = request.timeoutMs ?? config.timeoutMs ?? LLM_DEFAULT_TIMEOUT_MS;
      const attempts = 1 + Math.max(0, request.retries ?? config.retries ?? 0);
      let last: Attempt<T> | undefined;
      for (let i = 0; i < attempts; i += 1) {
        if (i > 0) await sleep(RETRY_DELAY_MS);
        last = await attempt(request, timeoutMs);
        // A timeout is not retried: the caller's whole wait would double.
        if (last.ok || !last.retryable) break;
      }
      const { retryable: _retryable, ...result } = last!;
      return result as ModelAnswer<T>;
    },
  };
}
