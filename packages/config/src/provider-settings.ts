// The settings of the outbound providers (packages/providers implements them), read from the
// environment here like every other setting: WHATSAPP_* (chat), MAIL_* (mail), PUSH_API_URL.

type Env = Readonly<Record<string, string | undefined>>;

export const DEFAULT_WHATSAPP_API_URL = "https://graph.facebook.com/v21.0";
export const DEFAULT_MAIL_API_URL = "https://api.postmarkapp.com";
export const DEFAULT_PUSH_API_URL = "https://exp.host/--/api/v2/push/send";

export interface WhatsAppCloudConfig {
  /** WHATSAPP_API_URL: the Graph API base, version included. */
  apiUrl: string;
  /** WHATSAPP_PHONE_NUMBER_ID: the sending business number's id. */
  phoneNumberId: string;
  /** WHATSAPP_ACCESS_TOKEN. */
  accessToken: string;
  /**
   * WHATSAPP_CODE_TEMPLATE: an approved authentication template for one-time codes (the Cloud
   * API only lets a business start a conversation with a template); unset: codes go as text.
   */
  codeTemplate?: string;
  /** WHATSAPP_TEMPLATE_LANGUAGE: the template's language code (default he). */
  templateLanguage: string;
}

export interface PostmarkMailConfig {
  /** MAIL_API_URL: the API base (default Postmark's). */
  apiUrl: string;
  /** MAIL_SERVER_TOKEN: the Postmark server token. */
  serverToken: string;
  /** MAIL_FROM: the sender, a confirmed sender signature ("Studio <no-reply@example.com>"). */
  from: string;
  /** MAIL_MESSAGE_STREAM: the transactional stream (default outbound). */
  messageStream: string;
}

const isHttpUrl = (value: string) => {
  try {
    const { protocol } = new URL(value);
    return protocol === "https:" || protocol === "http:";
  } catch {
    return false;
  }
};

/**
 * The WHATSAPP_* variables: configured when both WHATSAPP_PHONE_NUMBER_ID and
 * WHATSAPP_ACCESS_TOKEN are set; one without the other, or a URL that is not http(s), throws.
 */
export function whatsAppConfigFromEnv(env: Env): WhatsAppCloudConfig | undefined {
  const phoneNumberId = env.WHATSAPP_PHONE_NUMBER_ID?.trim();
  const accessToken = env.WHATSAPP_ACCESS_TOKEN?.trim();
  if (!phoneNumberId && !accessToken) return undefined;
  if (!phoneNumberId || !accessToken)
    throw new Error("WHATSAPP_PHONE_NUMBER_ID and WHATSAPP_ACCESS_TOKEN must be set together");
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(phoneNumberId))
    throw new Error("WHATSAPP_PHONE_NUMBER_ID must be the number's id (letters, digits, _ and -)");
  const apiUrl = (env.WHATSAPP_API_URL?.trim() || DEFAULT_WHATSAPP_API_URL).replace(/\/+$/, "");
  if (!isHttpUrl(apiUrl)) throw new Error("WHATSAPP_API_URL must be an http or https URL");
  return {
    apiUrl,
    phoneNumberId,
    accessToken,
    codeTemplate: env.WHATSAPP_CODE_TEMPLATE?.trim() || undefined,
    templateLanguage: env.WHATSAPP_TEMPLATE_LANGUAGE?.trim() || "he",
  };
}

/**
 * The MAIL_* variables: configured when both MAIL_SERVER_TOKEN and MAIL_FROM are set; one
 * without the other, or a MAIL_API_URL that is not http(s), throws.
 */
export function mailConfigFromEnv(env: Env): PostmarkMailConfig | undefined {
  const serverToken = env.MAIL_SERVER_TOKEN?.trim();
  const from = env.MAIL_FROM?.trim();
  if (!serverToken && !from) return undefined;
  if (!serverToken || !from) throw new Error("MAIL_SERVER_TOKEN and MAIL_FROM must be set together");
  const apiUrl = (env.MAIL_API_URL?.trim() || DEFAULT_MAIL_API_URL).replace(/\/+$/, "");
  if (!isHttpUrl(apiUrl)) throw new Error("MAIL_API_URL must be an http or https URL");
  return { apiUrl, serverToken, from, messageStream: env.MAIL_MESSAGE_STREAM?.trim() || "outbound" };
}
