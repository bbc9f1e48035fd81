import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeWhatsAppServer, type FakeWhatsAppServer } from "./fake-whatsapp-server";
import { DEFAULT_WHATSAPP_API_URL, whatsAppConfigFromEnv, type WhatsAppCloudConfig } from "@studio/config";
import { ChatProviderError, createWhatsAppCloudChat } from "./whatsapp-cloud-chat";

let server: FakeWhatsAppServer;
let config: WhatsAppCloudConfig;
beforeAll(async () => {
  server = await startFakeWhatsAppServer({ phoneNumberId: "1234567890", accessToken: "token-1" });
  config = {
    apiUrl: server.apiUrl,
    phoneNumberId: "1234567890",
    accessToken: "token-1",
    templateLanguage: "he",
  };
});
afterAll(() => server.close());

const message = { studioId: "s1", phone: "+972521234567", text: "שלום" };

describe("WhatsApp Cloud chat client", () => {
  it("sends a text message to the number's digits with the bearer token", async () => {
    await createWhatsAppCloudChat(config).sendMessage(message);
    expect(server.messages.at(-1)).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: "972521234567",
      type: "text",
      text: { preview_url: false, body: "שלום" },
    });
  });

  it("sends a one-time code through the authentication template when one is configured, as text otherwise", async () => {
    const code = { ...message, text: "code 012345", oneTimeCode: "012345" };
    await createWhatsAppCloudChat({ ...config, codeTemplate: "sign_in_code" }).sendMessage(code);
    expect(server.messages.at(-1)).toMatchObject({
      type: "template",
      template: {
        name: "sign_in_code",
        language: { code: "he" },
        components: [
          { type: "body", parameters: [{ type: "text", text: "012345" }] },
          { type: "button", sub_type: "url", index: "0", parameters: [{ type: "text", text: "012345" }] },
        ],
      },
    });
    await createWhatsAppCloudChat(config).sendMessage(code);
    expect(server.messages.at(-1)).toMatchObject({ type: "text", text: { body: "code 012345" } });
  });

  it("a refused token is final (not retryable); 5xx and 429 are retryable; an unreachable provider too", async () => {
    const wrong = createWhatsAppCloudChat({ ...config, accessToken: "nope" }).sendMessage(message);
    await expect(wrong).rejects.toMatchObject({ name: "ChatProviderError", retryable: false, status: 401 });
    await expect(wrong).rejects.toThrow(/HTTP 401: Invalid OAuth access token/);
    server.failNext(1, 503);
    await expect(createWhatsAppCloudChat(config).sendMessage(message)).rejects.toMatchObject({
      retryable: true,
      status: 503,
    });
    server.failNext(1, 429);
    await expect(createWhatsAppCloudChat(config).sendMessage(message)).rejects.toMatchObject({
      retryable: true,
    });
    const down = createWhatsAppCloudChat({ ...config, apiUrl: "http://127.0.0.1:9/v21.0" }).sendMessage(
      message,
    );
    await expect(down).rejects.toBeInstanceOf(ChatProviderError);
    await expect(down).rejects.toMatchObject({ retryable: true });
    // The recipient never appears in an error.
    await wrong.catch((e: Error) => expect(e.message).not.toContain("972521234567"));
  });

  it("reads WHATSAPP_* from the environment: both ids or none; the default API; a bad URL refused", () => {
    expect(whatsAppConfigFromEnv({})).toBeUndefined();
    expect(whatsAppConfigFromEnv({ WHATSAPP_PHONE_NUMBER_ID: "123", WHATSAPP_ACCESS_TOKEN: "t" })).toEqual({
      apiUrl: DEFAULT_WHATSAPP_API_URL,
      phoneNumberId: "123",
      accessToken: "t",
      codeTemplate: undefined,
      templateLanguage: "he",
    });
    expect(
      whatsAppConfigFromEnv({
        WHATSAPP_PHONE_NUMBER_ID: "123",
        WHATSAPP_ACCESS_TOKEN: "t",
        WHATSAPP_API_URL: "http://127.0.0.1:5/v21.0/",
        WHATSAPP_CODE_TEMPLATE: "code",
        WHATSAPP_TEMPLATE_LANGUAGE: "en_US",
      }),
    ).toMatchObject({ apiUrl: "http://127.0.0.1:5/v21.0", codeTemplate: "code", templateLanguage: "en_US" });
    expect(() => whatsAppConfigFromEnv({ WHATSAPP_PHONE_NUMBER_ID: "123" })).toThrow(/together/);
    expect(() =>
      whatsAppConfigFromEnv({ WHATSAPP_PHONE_NUMBER_ID: "1/2", WHATSAPP_ACCESS_TOKEN: "t" }),
    ).toThrow(/id/);
    expect(() =>
      whatsAppConfigFromEnv({
        WHATSAPP_PHONE_NUMBER_ID: "123",
        WHATSAPP_ACCESS_TOKEN: "t",
        WHATSAPP_API_URL: "ftp://x",
      }),
    ).toThrow(/http/);
  });
});
