import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { coaches, studios, type DatabaseHandle } from "@studio/db";
import { pgliteTemplate } from "@studio/db/test-support/pglite-template";
import { AppError } from "../errors";
import { resolveCoachActor } from "./coach-access";

const resolveCoachAccess = async (...args: Parameters<typeof resolveCoachActor>) =>
  (await resolveCoachActor(...args)).access;

let handle: DatabaseHandle;
let studioId: string;
beforeAll(async () => {
  // Migrated: loaded from the template's dump (test/global-setup.ts builds it).
  handle = await pgliteTemplate().fresh();
  const [studio] = await handle.db.insert(studios).values({ name: "S", slug: "s" }).returning();
  studioId = studio!.id;
  const base = { studioId, firstName: "A", lastName: "B", name: "A B", email: "a@b.c" };
  await handle.db.insert(coaches).values([
    { ...base, externalUserId: "gone", active: false },
    { ...base, externalUserId: "limited", permissions: { trainees: "assigned" } },
    { ...base, externalUserId: "broken", permissions: { trainees: 42 } },
  ]);
}, 60_000);
afterAll(async () => handle?.close());

describe("coach access resolver", () => {
  it("OWNER always has full access, even with an inactive row", async () => {
    expect((await resolveCoachAccess(handle.db, { studioId, userId: "gone", role: "OWNER" })).kind).toBe(
      "studio",
    );
  });
  it("an inactive Coach is refused with 403 this team member has been removed", async () => {
    await expect(
      resolveCoachAccess(handle.db, { studioId, userId: "gone", role: "SUB_COACH" }),
    ).rejects.toEqual(new AppError("FORBIDDEN", "this team member has been removed"));
  });
  it("a caller with no Coach row keeps studio-wide access", async () => {
    expect(
      await resolveCoachAccess(handle.db, { studioId, userId: "nobody", role: "SUB_COACH" }),
    ).toMatchObject({ kind: "studio", coachId: null });
  });
  it("trainees: assigned limits the coach to assigned trainees; an invalid blob means all", async () => {
    expect(
      (await resolveCoachAccess(handle.db, { studioId, userId: "limited", role: "SUB_COACH" })).kind,
    ).toBe("assigned");
    expect(
      (await resolveCoachAccess(handle.db, { studioId, userId: "broken", role: "SUB_COACH" })).kind,
    ).toBe("studio");
  });
});
