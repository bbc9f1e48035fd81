export {
  answerJsonSchema,
  createLanguageModel,
  LLM_DEFAULT_TIMEOUT_MS,
  LLM_MAX_RESPONSE_BYTES,
  type LlmConfig,
} from "./chat-client";
