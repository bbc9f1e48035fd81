import type { Hono } from "hono";
import type { AppEnv } from "../hono-env";
import { uploadMultipartPartRaw } from "./media/upload-multipart-part";
import { uploadTraineeMultipartPartRaw } from "./media/upload-trainee-multipart-part";
import { receivePaymentWebhookRaw } from "./payments/receive-payment-webhook";
import { honoPathOf, type RawRoute } from "./raw-route";
import { getSignedDocumentRaw } from "./signing/get-signed-document";
import { getSigningDocumentRaw } from "./signing/get-signing-document";
import { getSigningPageRaw } from "./signing/get-signing-page";
import { submitSigningRaw } from "./signing/submit-signing";

export type { RawRoute } from "./raw-route";

/**
 * Routes that are not JSON procedures (ARCHITECTURE "How a request flows"): mounted in app.ts
 * after the lane guard and before the REST adapter; documented in the OpenAPI document
 * (buildOpenApiDocument) and listed by the route map (`pnpm routes`) from these entries.
 */
export const RAW_ROUTES: readonly RawRoute[] = [
  uploadMultipartPartRaw,
  uploadTraineeMultipartPartRaw,
  getSigningPageRaw,
  submitSigningRaw,
  getSigningDocumentRaw,
  getSignedDocumentRaw,
  receivePaymentWebhookRaw,
];

export function mountRawRoutes(app: Hono<AppEnv>): void {
  for (const route of RAW_ROUTES) app.on(route.method, honoPathOf(route.path), route.handler);
}
