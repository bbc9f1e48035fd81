import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { studios } from "@studio/db";
import { newOwner, startTestApp, type TestApp } from "./support/harness";
import { addCoach, setStudioSettings, studioIdOf } from "./support/team-fixtures";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ database: "postgres" });
});
afterAll(async () => t?.close());

describe("PATCH /v1/web/studio/settings", () => {
  it("sets seatLimit, clientLimit, calendarEnabled, timezone, locale, name and branding", async () => {
    const owner = newOwner();
    const data = await setStudioSettings(t, owner, {
      name: "Iron Temple",
      timezone: "Europe/Berlin",
      locale: "en-US",
      seatLimit: 8,
      clientLimit: 150,
      calendarEnabled: true,
      branding: { logoUrl: "https://cdn.example.com/logo.png", primaryColor: "#112233" },
    });
    expect(data).toMatchObject({
      name: "Iron Temple",
      timezone: "Europe/Berlin",
      locale: "en-US",
      seatLimit: 8,
      clientLimit: 150,
      settings: {
        calendarEnabled: true,
        branding: { logoUrl: "https://cdn.example.com/logo.png", primaryColor: "#112233" },
      },
    });
    const studio = (await t.web("GET", "/v1/web/studio", owner)).body.data;
    expect(studio).toMatchObject({
      name: "Iron Temple",
      timezone: "Europe/Berlin",
      locale: "en-US",
      settings: data.settings,
    });
    const [row] = await t.deps.database.db.select().from(studios).where(eq(studios.id, studio.id));
    expect(row).toMatchObject({ seatLimit: 8, clientLimit: 150 });
  });

  it("sent fields only: branding members merge (null clears one), other settings keys are kept, null limits mean unlimited", async () => {
    const owner = newOwner();
    await setStudioSettings(t, owner, {
      calendarEnabled: true,
      allowAppWhileFrozen: true,
      seatLimit: 3,
      branding: { logoUrl: "https://x.example/l.png", primaryColor: "#fff" },
    });
    const data = await setStudioSettings(t, owner, {
      branding: { primaryColor: null, secondaryColor: "#000000" },
      seatLimit: null,
    });
    expect(data.settings).toEqual({
      calendarEnabled: true,
      allowAppWhileFrozen: true,
      branding: { logoUrl: "https://x.example/l.png", primaryColor: null, secondaryColor: "#000000" },
    });
    expect(data.seatLimit).toBeNull();
    expect(data.name).toBe((await t.web("GET", "/v1/web/studio", owner)).body.data.name);
  });

  it("the seat limit set here is the one team creation enforces", async () => {
    const owner = newOwner();
    await setStudioSettings(t, owner, { seatLimit: 1 });
    const refused = await t.web("POST", "/v1/web/coaches", owner, {
      firstName: "A",
      lastName: "B",
      email: "a@b.example",
      phone: "1",
    });
    expect(refused.body.details).toMatchObject({ reason: "PLAN_LIMIT_SEATS", limit: 1, count: 1 });
    await setStudioSettings(t, owner, { seatLimit: null });
    await addCoach(t, owner);
  });

  it("VALIDATION: timezone a valid IANA zone, locale a language tag, limits non-negative integers, branding colors and known members only", async () => {
    const owner = newOwner();
    for (const body of [
      { timezone: "Moon/Base" },
      { locale: "not a locale!" },
      { seatLimit: -1 },
      { clientLimit: 2.5 },
      { name: "" },
      { branding: { primaryColor: "red" } },
      { branding: { logoUrl: "not a url" } },
      { branding: { font: "Comic Sans" } },
    ]) {
      const res = await t.web("PATCH", "/v1/web/studio/settings", owner, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
  });

  it("roles OWNER or HEAD_COACH: a SUB_COACH gets 403 insufficient role", async () => {
    const owner = newOwner();
    const studioId = await studioIdOf(t, owner);
    const { as: head } = await addCoach(t, owner, { role: "HEAD_COACH" });
    expect((await t.web("PATCH", "/v1/web/studio/settings", head, { calendarEnabled: false })).status).toBe(
      200,
    );
    const res = await t.web(
      "PATCH",
      "/v1/web/studio/settings",
      { ...owner, userId: "sub", role: "SUB_COACH" },
      { seatLimit: 100 },
    );
    expect(res.status).toBe(403);
    expect(res.body.message).toBe("insufficient role");
    const [row] = await t.deps.database.db.select().from(studios).where(eq(studios.id, studioId));
    expect(row!.seatLimit).toBeNull();
  });

  it("each studio changes only its own settings", async () => {
    const a = newOwner();
    const b = newOwner();
    await setStudioSettings(t, a, { name: "Studio A" });
    await setStudioSettings(t, b, { name: "Studio B", clientLimit: 1 });
    expect((await t.web("GET", "/v1/web/studio", a)).body.data.name).toBe("Studio A");
    const [rowA] = await t.deps.database.db
      .select()
      .from(studios)
      .where(eq(studios.id, await studioIdOf(t, a)));
    expect(rowA!.clientLimit).toBeNull();
  });
});
