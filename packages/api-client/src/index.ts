/**
 * What the web app imports: the typed router (inputs and outputs of every procedure, by lane)
 * and a fetch helper that signs web-lane requests with the service signature.
 */
import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@studio/api/router";
import { signServiceRequest } from "@studio/auth";

export type { AppRouter };
export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;
export * from "@studio/contracts";

export interface WebUserContext {
  /** External organization id of the studio. */
  studioId: string;
  userId: string;
  role?: "OWNER" | "HEAD_COACH" | "SUB_COACH";
  userName?: string;
  userEmail?: string;
  studioSlug?: string;
  studioName?: string;
}

export interface WebClientOptions {
  baseUrl: string;
  serviceId: string;
  secret: string;
  fetch?: typeof fetch;
}

/** Headers for one signed web-lane request; the body must be sent exactly as passed here. */
export function signWebRequest(
  options: Pick<WebClientOptions, "serviceId" | "secret">,
  request: { method: string; pathWithQuery: string; body?: string; user: WebUserContext },
): Record<string, string> {
  const headers: Record<string, string> = {
    ...signServiceRequest({
      secret: options.secret,
      serviceId: options.serviceId,
      method: request.method,
      pathWithQuery: request.pathWithQuery,
      body: request.body ?? "",
    }),
    "x-studio-id": request.user.studioId,
    "x-user-id": request.user.userId,
  };
  if (request.user.role) headers["x-user-role"] = request.user.role;
  if (request.user.userName) headers["x-user-name"] = request.user.userName;
  if (request.user.userEmail) headers["x-user-email"] = request.user.userEmail;
  if (request.user.studioSlug) headers["x-studio-slug"] = request.user.studioSlug;
  if (request.user.studioName) headers["x-studio-name"] = request.user.studioName;
  if (request.body !== undefined && request.body !== "") headers["content-type"] = "application/json";
  return headers;
}

/**
 * A signed fetch for the web lane: serializes the JSON body once, signs those exact bytes
 * and answers the parsed envelope.
 */
export function createWebClient(options: WebClientOptions) {
  const doFetch = options.fetch ?? fetch;
  return async function request<T = unknown>(
    method: string,
    pathWithQuery: string,
    user: WebUserContext,
    body?: unknown,
  ): Promise<{
    status: number;
    body:
      | { ok: true; data: T; requestId: string }
      | { ok: false; code: string; message: string; details?: unknown; requestId: string };
  }> {
    const text = body === undefined ? undefined : JSON.stringify(body);
    const headers = signWebRequest(options, { method, pathWithQuery, body: text, user });
    const res = await doFetch(new URL(pathWithQuery, options.baseUrl), { method, headers, body: text });
    return { status: res.status, body: (await res.json()) as never };
  };
}
