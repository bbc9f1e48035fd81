/**
 * The typed client as the web app's server side uses it, against a started API:
 *
 *   pnpm start                                   # terminal 1: the API on http://localhost:3000
 *   pnpm --filter @studio/api-client example     # terminal 2: this file
 *
 * Environment: API_URL (default http://localhost:3000), SERVICE_ID (default web-app) and
 * SERVICE_AUTH_SECRET (default the API's development secret, dev-service-secret).
 * Each run signs in as a new owner of a new studio, so it can be run again and again.
 */
import { createWebClient, type WebUserContext } from "@studio/api-client";

const baseUrl = process.env.API_URL ?? "http://localhost:3000";
const tag = Date.now().toString(36);
const user: WebUserContext = {
  studioId: `org_example_${tag}`,
  userId: `user_example_${tag}`,
  role: "OWNER",
  userName: "Dana Levi",
  userEmail: `dana.${tag}@example.com`,
};

// One client per signed-in user (cheap: create it per request in the web app's server code).
const api = createWebClient({
  baseUrl,
  serviceId: process.env.SERVICE_ID ?? "web-app",
  secret: process.env.SERVICE_AUTH_SECRET ?? "dev-service-secret",
  user,
});

// POST /v1/web/crm/leads: the body is the contract's create-lead input.
const created = await api.POST("/v1/web/crm/leads", {
  body: { name: "Noa Cohen", phone: "050-1234567", source: "INSTAGRAM" },
});
if (!created.ok)
  throw new Error(`create failed: ${created.status} ${created.error.code} ${created.error.message}`);
console.log(`created lead ${created.data.id} (${created.data.name}), status ${created.status}`);

// GET /v1/web/crm/leads/{id}: the path parameter is typed, the answer is the lead detail.
const read = await api.GET("/v1/web/crm/leads/{id}", { params: { path: { id: created.data.id } } });
if (!read.ok) throw new Error(`read failed: ${read.error.code}`);
console.log(`read it back: ${read.data.name}, ${read.data.phone}, source ${read.data.source}`);

// A missing lead: the error is typed, `code` is the union of the codes this route documents.
const missing = await api.GET("/v1/web/crm/leads/{id}", { params: { path: { id: "no-such-lead" } } });
if (missing.ok) throw new Error("a missing lead was found");
switch (missing.error.code) {
  case "NOT_FOUND":
    console.log(`missing lead: ${missing.status} ${missing.error.code} (request ${missing.requestId})`);
    break;
  case "UNAUTHORIZED":
    throw new Error("check SERVICE_ID and SERVICE_AUTH_SECRET against the API's");
  default:
    throw new Error(`unexpected ${missing.error.code}: ${missing.error.message}`);
}
