// The API's configuration is the API section of @studio/config, the one parsed configuration both
// processes use (and the only reader of process.env); these names are the API's own.
export {
  ConfigError,
  DEFAULT_SERVICE_AUTH_SECRET,
  DEFAULT_SESSION_SIGNING_SECRET,
  isProductionEnv,
  loadApiConfig as loadConfig,
  MIN_PRODUCTION_SECRET_LENGTH,
  type ApiConfig as AppConfig,
} from "@studio/config";
