import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { ChatProviderError } from "./chat/whatsapp-cloud-chat";
import { MailProviderError } from "./mail/postmark-mailer";
import { isRetryableStatus, ProviderError, unreachableReason, withDeadline } from "./provider-error";
import { PushProviderError } from "./push/expo-push-client";

describe("the shared provider error and deadline", () => {
  it("each adapter's error is a ProviderError under its own name", () => {
    for (const [Kind, name] of [
      [MailProviderError, "MailProviderError"],
      [ChatProviderError, "ChatProviderError"],
      [PushProviderError, "PushProviderError"],
    ] as const) {
      const error = new Kind("x", false, 401);
      expect(error).toBeInstanceOf(ProviderError);
      expect(error).toMatchObject({ name, retryable: false, status: 401, message: "x" });
    }
    expect([429, 500, 503, 400, 401, 404].map(isRetryableStatus)).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
  });

  it("withDeadline aborts a slow fetch with a TimeoutError, and clears its timer when fn settles", async () => {
    const server = createServer(() => {}).listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    try {
      let seen: AbortSignal | undefined;
      const error = await withDeadline(100, (signal) => {
        seen = signal;
        return fetch(url, { signal });
      }).catch((e: unknown) => e);
      expect(seen?.aborted).toBe(true);
      expect(unreachableReason(error, 100)).toBe("timed out after 100 ms");
      expect(unreachableReason(new TypeError("fetch failed"), 100)).toBe("unreachable");

      let quick: AbortSignal | undefined;
      expect(await withDeadline(50, async (signal) => ((quick = signal), "done"))).toBe("done");
      await new Promise((resolve) => setTimeout(resolve, 80));
      expect(quick?.aborted).toBe(false);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
