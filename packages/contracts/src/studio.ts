import { z } from "zod";
import { boundedName } from "./bounded";

/** `GET /v1/web/studio`: the current studio of the web caller. */
export const StudioSchema = z
  .object({
    id: z.string().describe("internal studio id"),
    organizationId: z.string().nullable(),
    name: z.string(),
    slug: z.string(),
    timezone: z.string(),
    locale: z.string(),
    settings: z.record(z.string(), z.unknown()),
  })
  .meta({ id: "Studio" });
export type Studio = z.infer<typeof StudioSchema>;

export const ApiKeyCreateInput = z.object({ name: boundedName(100) });
export const ApiKeySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    prefix: z.string().describe("first 15 characters of the key, for display"),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
  })
  .meta({ id: "ApiKey" });
/** The create answer is the only place the plain key is ever shown. */
export const ApiKeyCreatedSchema = z
  .object({ id: z.string(), name: z.string(), key: z.string(), prefix: z.string(), createdAt: z.string() })
  .meta({ id: "ApiKeyCreated" });
export const ApiKeyListSchema = z.object({ items: z.array(ApiKeySchema) });
export const ApiKeyRevokedSchema = z.object({ id: z.string(), revoked: z.literal(true) });
