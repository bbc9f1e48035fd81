export {
  answerJsonSchema,
  createLanguageModel,
  LLM_DEFAULT_TIMEOUT_MS,
  LLM_MAX_RESPONSE_BYTES,
  type LanguageModel,
  type LlmConfig,
  type LlmFailure,
  type LlmResult,
  type StructuredRequest,
} from "./chat-client";
