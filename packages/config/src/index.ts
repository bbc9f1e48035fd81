// One parsed, typed configuration for both processes (zod): the API's section (loadApiConfig),
// the worker's (loadWorkerConfig), the provider settings both read, and the production rules
// they share. Only this package reads process.env (lint rule in tooling/eslint/base.js).
export { loadApiConfig, type ApiConfig } from "./api-config";
export { loadWorkerConfig, type WorkerConfig } from "./worker-config";
export { logLevelSetting, processEnv, type Env } from "./env";
export {
  ConfigError,
  DEFAULT_LLM_MODEL,
  DEFAULT_SERVICE_AUTH_SECRET,
  DEFAULT_SESSION_SIGNING_SECRET,
  isProductionEnv,
  MIN_PRODUCTION_SECRET_LENGTH,
} from "./production";
export {
  DEFAULT_MAIL_API_URL,
  DEFAULT_PUSH_API_URL,
  DEFAULT_WHATSAPP_API_URL,
  mailConfigFromEnv,
  whatsAppConfigFromEnv,
  type PostmarkMailConfig,
  type WhatsAppCloudConfig,
} from "./provider-settings";
