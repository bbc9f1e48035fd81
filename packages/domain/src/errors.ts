import type { ErrorCode } from "@studio/contracts";

/**
 * The one error type business code throws. Only the HTTP adapter turns it into a status
 * and an envelope, so domain code never knows which lane called it.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const notFound = (what: string) => new AppError("NOT_FOUND", `${what} not found`);
export const forbidden = (message: string, details?: Record<string, unknown>) =>
  new AppError("FORBIDDEN", message, details);
export const validation = (message: string, details?: Record<string, unknown>) =>
  new AppError("VALIDATION", message, details);
