import { signServiceRequest } from "@studio/auth";
import { clients } from "@studio/db";
import type { TestApp, WebUserContext } from "./harness";

/** A service-signed request with no user context: the internal and admin lanes. */
export function adminRequest(t: TestApp, method: string, path: string, body?: unknown) {
  const text = body === undefined ? undefined : JSON.stringify(body);
  const headers = {
    ...signServiceRequest({
      secret: t.config.serviceAuthSecret,
      serviceId: "web-app",
      method,
      pathWithQuery: path,
      body: text ?? "",
    }),
    ...(text ? { "content-type": "application/json" } : {}),
  };
  return t.request(method, path, { headers, body: text });
}

/** A trainee-lane request with the trainee's bearer token. */
export function traineeRequest(t: TestApp, token: string, method: string, path: string, body?: unknown) {
  const text = body === undefined ? undefined : JSON.stringify(body);
  return t.request(method, path, {
    headers: { authorization: `Bearer ${token}`, ...(text ? { "content-type": "application/json" } : {}) },
    body: text,
  });
}

let phone = 0;
const phoneBase = 2_000_000 + Math.floor(Math.random() * 4_000_000);

/** The studio of a web user and a trainee in it (inserted directly: the clients routes are another module's). */
export async function studioWithTrainee(
  t: TestApp,
  owner: WebUserContext,
  fields: Partial<typeof clients.$inferInsert> = {},
) {
  const studio = await t.web("GET", "/v1/web/studio", owner);
  const studioId = studio.body.data.id as string;
  const trainee = await addTrainee(t, studioId, fields);
  return { studioId, clientId: trainee.id, token: t.traineeToken(trainee.id, studioId) };
}

export async function addTrainee(
  t: TestApp,
  studioId: string,
  fields: Partial<typeof clients.$inferInsert> = {},
) {
  phone += 1;
  const [row] = await t.deps.database.db
    .insert(clients)
    .values({ studioId, firstName: "נועה", lastName: "כהן", phone: `+97253${phoneBase + phone}`, ...fields })
    .returning();
  return row!;
}
