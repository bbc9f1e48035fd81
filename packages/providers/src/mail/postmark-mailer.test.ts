import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakePostmarkServer, type FakePostmarkServer } from "./fake-postmark-server";
import { DEFAULT_MAIL_API_URL, mailConfigFromEnv, type PostmarkMailConfig } from "@studio/config";
import { createPostmarkMailer, MailProviderError } from "./postmark-mailer";

let server: FakePostmarkServer;
let config: PostmarkMailConfig;
beforeAll(async () => {
  server = await startFakePostmarkServer({ serverToken: "server-token" });
  config = {
    apiUrl: server.apiUrl,
    serverToken: "server-token",
    from: "Studio <no-reply@studio.example>",
    messageStream: "outbound",
  };
});
afterAll(() => server.close());

const mail = { to: "dana@example.com", subject: "קוד האימות שלך להרשמה", text: "הקוד: 012345" };

async function refusal(promise: Promise<unknown>): Promise<MailProviderError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MailProviderError);
  return error as MailProviderError;
}

describe("Postmark mail client", () => {
  it("posts the message to /email with the server token, the sender and the stream", async () => {
    await createPostmarkMailer(config).send(mail);
    expect(server.mails.at(-1)).toEqual({
      From: "Studio <no-reply@studio.example>",
      To: "dana@example.com",
      Subject: "קוד האימות שלך להרשמה",
      TextBody: "הקוד: 012345",
      MessageStream: "outbound",
    });
  });

  it("a wrong token is a final refusal (401) whose message names neither recipient nor body", async () => {
    const error = await refusal(createPostmarkMailer({ ...config, serverToken: "wrong" }).send(mail));
    expect(error).toMatchObject({ retryable: false, status: 401 });
    expect(error.message).toBe("mail provider answered HTTP 401 (ErrorCode 10)");
  });

  it("an invalid request is final (422); a 5xx or 429 is retryable; an unreachable provider is retryable", async () => {
    const invalid = await refusal(createPostmarkMailer(config).send({ ...mail, to: "not an address" }));
    expect(invalid).toMatchObject({ retryable: false, status: 422 });
    expect(invalid.message).not.toContain("not an address");
    server.failNext(1, 500);
    expect(await refusal(createPostmarkMailer(config).send(mail))).toMatchObject({
      retryable: true,
      status: 500,
    });
    server.failNext(1, 429);
    expect(await refusal(createPostmarkMailer(config).send(mail))).toMatchObject({
      retryable: true,
      status: 429,
    });
    const down = await refusal(createPostmarkMailer({ ...config, apiUrl: "http://127.0.0.1:1" }).send(mail));
    expect(down).toMatchObject({ retryable: true, message: "mail provider unreachable" });
  });

  it("MAIL_* configure it: both token and sender or neither; an http(s) API URL", () => {
    expect(mailConfigFromEnv({})).toBeUndefined();
    expect(mailConfigFromEnv({ MAIL_SERVER_TOKEN: " t ", MAIL_FROM: "a@example.com" })).toEqual({
      apiUrl: DEFAULT_MAIL_API_URL,
      serverToken: "t",
      from: "a@example.com",
      messageStream: "outbound",
    });
    expect(
      mailConfigFromEnv({
        MAIL_SERVER_TOKEN: "t",
        MAIL_FROM: "a@example.com",
        MAIL_API_URL: "http://127.0.0.1:9/",
        MAIL_MESSAGE_STREAM: "codes",
      }),
    ).toMatchObject({ apiUrl: "http://127.0.0.1:9", messageStream: "codes" });
    expect(() => mailConfigFromEnv({ MAIL_SERVER_TOKEN: "t" })).toThrow(/set together/);
    expect(() => mailConfigFromEnv({ MAIL_FROM: "a@example.com" })).toThrow(/set together/);
    expect(() =>
      mailConfigFromEnv({ MAIL_SERVER_TOKEN: "t", MAIL_FROM: "a@x.io", MAIL_API_URL: "ftp://x" }),
    ).toThrow(/http or https/);
  });
});
