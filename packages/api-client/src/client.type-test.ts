/**
 * Compile-time checks of the typed clients, run by `tsc --noEmit` of this package (`pnpm
 * typecheck`). Each `@ts-expect-error` line must fail to compile: if a change lets it compile
 * (the client stopped checking that), tsc reports the directive as unused and fails.
 * Nothing here runs; the function is never called.
 */
import type { ErrorCode } from "@studio/contracts";
import {
  createAutomationClient,
  createTraineeClient,
  createWebClient,
  type ErrorCodeOf,
  type SuccessData,
  type OperationOf,
} from "./client";

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function expectType<T extends true>(): T | void {}

const web = createWebClient({
  baseUrl: "http://127.0.0.1:3000",
  serviceId: "web-app",
  secret: "secret",
  user: { studioId: "org_1", userId: "user_1", role: "OWNER" },
});
const trainee = createTraineeClient({ baseUrl: "http://127.0.0.1:3000", token: "token" });
const automation = createAutomationClient({ baseUrl: "http://127.0.0.1:3000", apiKey: "sk_live_x" });

export async function webLane(id: string) {
  // The right method, path and body compile, and the answer is typed.
  const created = await web.POST("/v1/web/crm/leads", { body: { name: "Noa", phone: "0501234567" } });
  if (created.ok) {
    const leadId: string = created.data.id;
    const email: string | null = created.data.email;
    void [leadId, email];
  }

  // A path that does not exist.
  // @ts-expect-error "/v1/web/crm/leadz" is not a path of the web lane
  await web.GET("/v1/web/crm/leadz");

  // A method the path does not have.
  // @ts-expect-error PUT /v1/web/crm/leads does not exist (POST and GET do)
  await web.PUT("/v1/web/crm/leads", { body: { name: "Noa", phone: "0501234567" } });

  // A misspelled optional body field (excess property), and a misspelled required one.
  // @ts-expect-error "emial" is not a field of the create-lead body
  await web.POST("/v1/web/crm/leads", { body: { name: "Noa", phone: "0501234567", emial: "a@b.c" } });
  // @ts-expect-error "phon" is not a field (and "phone" is missing)
  await web.POST("/v1/web/crm/leads", { body: { name: "Noa", phon: "0501234567" } });
  // @ts-expect-error a body field of the wrong type
  await web.POST("/v1/web/crm/leads", { body: { name: "Noa", phone: 501234567 } });
  // @ts-expect-error the body is required
  await web.POST("/v1/web/crm/leads");

  // Path parameters come from the contract: required, and named as in the path.
  // @ts-expect-error the {id} path parameter is missing
  await web.GET("/v1/web/crm/leads/{id}");
  // @ts-expect-error "leadId" is not the path parameter's name
  await web.GET("/v1/web/crm/leads/{id}", { params: { path: { leadId: id } } });
  // The query too.
  await web.GET("/v1/web/crm/board", { params: { query: { search: "noa" } } });
  // @ts-expect-error "serch" is not a query parameter of the board
  await web.GET("/v1/web/crm/board", { params: { query: { serch: "noa" } } });

  // A path of another lane is not a web path.
  // @ts-expect-error /v1/trainee/me belongs to the trainee lane
  await web.GET("/v1/trainee/me");

  const lead = await web.GET("/v1/web/crm/leads/{id}", { params: { path: { id } } });
  // The data exists only once ok is checked.
  // @ts-expect-error data is possibly undefined before narrowing on ok
  const _unchecked: string = lead.data.id;
  if (lead.ok) {
    const name: string = lead.data.name;
    // Reading a field the answer does not have.
    // @ts-expect-error LeadDetail has no field "nmae"
    const _missing = lead.data.nmae;
    void [name, _missing, _unchecked];
    expectType<Equal<typeof lead.data, SuccessData<OperationOf<"/v1/web/crm/leads/{id}", "GET">>>>();
  } else {
    // error.code is the union of the codes this operation documents: a subset of ErrorCode, not string.
    type Code = typeof lead.error.code;
    expectType<Equal<Code, ErrorCodeOf<"/v1/web/crm/leads/{id}", "GET">>>();
    expectType<Code extends ErrorCode ? true : false>();
    expectType<"NOT_FOUND" extends Code ? true : false>();
    expectType<string extends Code ? false : true>();
    // @ts-expect-error a GET never answers CONFLICT (writes only), so the comparison cannot be true
    if (lead.error.code === "CONFLICT") return;
    // @ts-expect-error not an error code at all
    if (lead.error.code === "NOT_FOUNDD") return;
    if (lead.error.code === "NOT_FOUND") return lead.error.message;
  }
}

export async function traineeLane() {
  const me = await trainee.GET("/v1/trainee/me");
  if (me.ok) void me.data;
  else {
    const code: ErrorCode = me.error.code;
    void code;
  }
  const token = "ExponentPushToken[x]";
  await trainee.POST("/v1/trainee/push-tokens", { body: { token, platform: "ios" } });
  // @ts-expect-error "windows" is not a push platform
  await trainee.POST("/v1/trainee/push-tokens", { body: { token, platform: "windows" } });
  // @ts-expect-error a web path is not a trainee path
  await trainee.GET("/v1/web/crm/board");
  // @ts-expect-error GET /v1/trainee/push-tokens does not exist
  await trainee.GET("/v1/trainee/push-tokens");
}

export async function automationLane() {
  const res = await automation.GET("/v1/automation/validate");
  if (res.ok) {
    const studioName: string = res.data.studioName;
    const message: string = res.message;
    // @ts-expect-error the validate answer has no "studioSlug"
    const _missing = res.data.studioSlug;
    void [studioName, message, _missing];
  } else {
    const message: string = res.error.message;
    // @ts-expect-error automation errors carry no code: the status tells the kind
    const _code = res.error.code;
    void [message, _code];
  }
  // @ts-expect-error POST /v1/automation/validate does not exist
  await automation.POST("/v1/automation/validate");
}
