import { serializeError } from "@studio/observability";
import { AppError } from "../errors";
import type { ObjectStorage } from "../ports";
import type { ScopeBase } from "../scope";

/** The scope's object storage, or INTERNAL "object storage not configured" (decisions.md). */
export function storageOf(scope: ScopeBase): ObjectStorage {
  if (!scope.storage) throw new AppError("INTERNAL", "object storage not configured");
  return scope.storage;
}

/**
 * Runs one storage call. A failure the storage throws (unreachable, refused credentials, a 5xx)
 * is logged and answered SERVICE_UNAVAILABLE (document 1: a provider refuses); the refusals a
 * caller can fix come back as values and never get here.
 */
export async function callStorage<T>(
  scope: ScopeBase,
  operation: string,
  call: () => Promise<T>,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    scope.logger.error("object storage failed", { operation, err: serializeError(error) });
    throw new AppError("SERVICE_UNAVAILABLE", "object storage is unavailable");
  }
}
