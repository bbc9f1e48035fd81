import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { auditEntries } from "@studio/db";
import { and, eq } from "drizzle-orm";
import { newOwner, startTestApp, type TestApp, type WebUserContext } from "./support/harness";

/*
 * The model-tool endpoint (document 1: "accepts the same key and calls the automation lane on the
 * caller's behalf"): an MCP server over Streamable HTTP at /v1/automation/mcp, driven here by the
 * SDK's own client over real HTTP.
 */

const MCP_PATH = "/v1/automation/mcp";
let t: TestApp;

interface Studio {
  owner: WebUserContext;
  studioId: string;
  key: string;
  keyId: string;
}

async function studioWithKey(): Promise<Studio> {
  const owner = newOwner();
  const studio = await t.web("GET", "/v1/web/studio", owner);
  const key = await t.web("POST", "/v1/web/studios/current/api-keys", owner, { name: "model" });
  expect(key.status).toBe(201);
  return { owner, studioId: studio.body.data.id, key: key.body.data.key, keyId: key.body.data.id };
}

async function connect(key: string | null): Promise<Client> {
  const client = new Client({ name: "test-model", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(`${t.baseUrl}${MCP_PATH}`), {
    requestInit: key === null ? {} : { headers: { "x-api-key": key } },
  });
  await client.connect(transport);
  return client;
}

/** The JSON a tool answered as text content. */
const answerOf = (result: Awaited<ReturnType<Client["callTool"]>>) =>
  JSON.parse((result.content as { type: string; text: string }[])[0]!.text);

const phone = () => `+97252${Math.floor(1_000_000 + Math.random() * 8_999_999)}`;

let a: Studio;
let b: Studio;
let client: Client;

beforeAll(async () => {
  t = await startTestApp();
  [a, b] = [await studioWithKey(), await studioWithKey()];
  client = await connect(a.key);
});
afterAll(async () => {
  await client?.close();
  await t?.close();
});

describe("model-tool endpoint (MCP over Streamable HTTP, studio API key)", () => {
  it("lists the automation lane's operations as tools, with descriptions and JSON input schemas from the contracts", async () => {
    const { tools } = await client.listTools();
    const names = tools.map((tool) => tool.name);
    expect(names).toEqual(
      expect.arrayContaining([
        "createTrainee",
        "searchTrainees",
        "getTrainee",
        "assignSubscription",
        "rpcTags",
      ]),
    );
    expect(names).toHaveLength(34);
    const create = tools.find((tool) => tool.name === "createTrainee")!;
    expect(create.description).toContain("POST /v1/automation/trainees");
    expect(create.inputSchema.type).toBe("object");
    expect(create.inputSchema.required).toEqual(expect.arrayContaining(["firstName", "lastName", "phone"]));
    expect(Object.keys(create.inputSchema.properties ?? {})).toEqual(
      expect.arrayContaining(["planId", "tags"]),
    );
    const get = tools.find((tool) => tool.name === "getTrainee")!;
    expect(get.inputSchema.required).toContain("id");
  });

  it("a write runs the lane's procedure for the key's studio, with the audit entry naming the model tool", async () => {
    const created = await client.callTool({
      name: "createTrainee",
      arguments: { firstName: "Maya", lastName: "Cohen", phone: phone(), tags: "vip" },
    });
    expect(created.isError).toBeFalsy();
    const answer = answerOf(created);
    expect(answer).toMatchObject({ success: true, message: "Trainee created", data: { created: true } });
    const traineeId = answer.data.trainee.id as string;
    const audit = await t.deps.database.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.studioId, a.studioId), eq(auditEntries.entityId, traineeId)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: "automation.trainee.create",
      actorType: "model_tool",
      actorId: a.keyId,
    });
    // The same key over the lane itself is recorded as the key.
    const direct = await t.request("POST", "/v1/automation/trainees", {
      headers: { "x-api-key": a.key, "content-type": "application/json" },
      body: JSON.stringify({ firstName: "Dan", lastName: "Levi", phone: phone() }),
    });
    const directAudit = await t.deps.database.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.entityId, direct.body.data.trainee.id));
    expect(directAudit[0]!.actorType).toBe("api_key");

    // A read sees it, in the key's studio only.
    const read = answerOf(await client.callTool({ name: "getTrainee", arguments: { id: traineeId } }));
    expect(read).toMatchObject({
      success: true,
      message: "Trainee",
      data: { trainee: { id: traineeId, tags: ["vip"] } },
    });
    const search = answerOf(
      await client.callTool({ name: "searchTrainees", arguments: { search: "Maya", limit: "5" } }),
    );
    expect(search.data.items.map((x: { id: string }) => x.id)).toEqual([traineeId]);
  });

  it("bad input is an isError result with the lane's validation answer (never a protocol error or a 500)", async () => {
    const bad = await client.callTool({
      name: "createTrainee",
      arguments: { firstName: "", lastName: "X", phone: "1" },
    });
    expect(bad.isError).toBe(true);
    expect(answerOf(bad)).toMatchObject({ success: false, status: 400 });
    const nul = await client.callTool({ name: "searchTrainees", arguments: { search: "a\u0000b" } });
    expect(nul.isError).toBe(true);
    expect(answerOf(nul).status).toBe(400);
    const unknown = await client.callTool({ name: "dropDatabase", arguments: {} });
    expect(unknown.isError).toBe(true);
  });

  it("another studio's trainee answers exactly like a missing one", async () => {
    const bClient = await connect(b.key);
    const foreignId = answerOf(
      await bClient.callTool({
        name: "createTrainee",
        arguments: { firstName: "B", lastName: "B", phone: phone() },
      }),
    ).data.trainee.id as string;
    await bClient.close();
    const foreign = await client.callTool({ name: "getTrainee", arguments: { id: foreignId } });
    const missing = await client.callTool({
      name: "getTrainee",
      arguments: { id: "00000000-0000-0000-0000-000000000000" },
    });
    expect(foreign.isError).toBe(true);
    expect(answerOf(foreign)).toEqual(answerOf(missing));
    expect(answerOf(foreign)).toEqual({ success: false, message: "client not found", status: 400 });
    const write = await client.callTool({ name: "logWeight", arguments: { id: foreignId, weightKg: 70 } });
    expect(answerOf(write)).toEqual(answerOf(missing));
  });

  it("no key, a malformed key and a revoked key are refused with 401 before any tool runs", async () => {
    await expect(connect(null)).rejects.toMatchObject({
      code: 401,
      message: expect.stringContaining("missing partner api key"),
    });
    await expect(connect("sk_live_nope")).rejects.toMatchObject({ code: 401 });
    const c = await studioWithKey();
    const ok = await connect(c.key);
    await ok.close();
    const revoked = await t.web("DELETE", `/v1/web/studios/current/api-keys/${c.keyId}`, c.owner);
    expect(revoked.status).toBe(200);
    await expect(connect(c.key)).rejects.toMatchObject({
      code: 401,
      message: expect.stringContaining("invalid partner api key"),
    });
  });

  it("a JSON-RPC string holding NUL is refused with the lane's 400, like every lane string (the documented pattern)", async () => {
    const post = (method: string) =>
      fetch(`${t.baseUrl}${MCP_PATH}`, {
        method: "POST",
        headers: {
          "x-api-key": a.key,
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
        },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params: {} }),
      });
    const refused = await post("tools/list\u0000");
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      success: false,
      message: "body: must not contain NUL characters",
    });
    const listed = await post("tools/list");
    expect(listed.status).toBe(200);
  });
});
