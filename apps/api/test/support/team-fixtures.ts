import { expect } from "vitest";
import type { TestApp, WebUserContext } from "./harness";

let phoneCounter = 0;
const phoneBase = 1_000_000 + Math.floor(Math.random() * 4_000_000);
/** A distinct valid Israeli mobile number per call: typed in local format, stored as E.164. */
export function uniquePhone(): { local: string; e164: string } {
  phoneCounter += 1;
  const seven = String(phoneBase + phoneCounter);
  return { local: `052-${seven.slice(0, 3)}-${seven.slice(3)}`, e164: `+97252${seven}` };
}

/** The internal studio id of a web user (the web context creates the studio on first sight). */
export async function studioIdOf(t: TestApp, user: WebUserContext): Promise<string> {
  const res = await t.web("GET", "/v1/web/studio", user);
  expect(res.status).toBe(200);
  return res.body.data.id as string;
}

let coachCounter = 0;
/** POST /v1/web/coaches as `by`; answers the created coach and the web context to act as it. */
export async function addCoach(t: TestApp, by: WebUserContext, body: Record<string, unknown> = {}) {
  coachCounter += 1;
  const tag = `${Date.now().toString(36)}${coachCounter}`;
  const res = await t.web("POST", "/v1/web/coaches", by, {
    firstName: "Coach",
    lastName: `N${coachCounter}`,
    email: `coach${tag}@example.com`,
    phone: "050-555-0000",
    externalUserId: `user_coach_${tag}`,
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const coach = res.body.data;
  const as: WebUserContext = {
    ...by,
    userId: coach.externalUserId,
    role: coach.role,
    userName: coach.name,
    userEmail: coach.email,
  };
  return { coach, as };
}

/** POST /v1/web/clients as `by`. */
export async function addClient(t: TestApp, by: WebUserContext, body: Record<string, unknown> = {}) {
  const res = await t.web("POST", "/v1/web/clients", by, {
    firstName: "Noa",
    lastName: "Cohen",
    phone: uniquePhone().local,
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

/** PATCH /v1/web/studio/settings as `owner`. */
export async function setStudioSettings(t: TestApp, owner: WebUserContext, body: Record<string, unknown>) {
  const res = await t.web("PATCH", "/v1/web/studio/settings", owner, body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** The body of an answer without its per-request id, to compare two error answers. */
export const withoutRequestId = (body: Record<string, unknown>) => ({ ...body, requestId: "" });
