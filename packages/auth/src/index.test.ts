import { describe, it, expect } from "vitest";
import * as auth from "./index";

describe("package entry point", () => {
  it("'Export everything from src/index.ts'", () => {
    const expected = [
      "constantTimeEqual",
      "SERVICE_HEADERS",
      "SERVICE_CLOCK_TOLERANCE_MS",
      "SERVICE_NONCE_TTL_MS",
      "sha256Hex",
      "serviceCanonicalString",
      "signServiceRequest",
      "verifyServiceSignature",
      "PREVIEW_TOKEN_TTL_MS",
      "signTraineeToken",
      "createPreviewToken",
      "verifyTraineeToken",
      "API_KEY_PREFIX",
      "API_KEY_DISPLAY_PREFIX_LENGTH",
      "generateApiKey",
      "hashApiKey",
      "isWellFormedApiKey",
      "extractApiKey",
      "verifyWebhookToken",
      "BEARER_REPLAY_WINDOW_MS",
      "checkBearerReplay",
      "predatesStoreEpoch",
      "BEFORE_STORE_EPOCH_MESSAGE",
    ];
    for (const name of expected) expect(auth).toHaveProperty(name);
  });
});
