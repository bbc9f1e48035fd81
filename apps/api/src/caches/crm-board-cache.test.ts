import { describe, expect, it } from "vitest";
import { CrmBoardCache } from "./crm-board-cache";

const bytes = (n: number, fill = 1) => new Uint8Array(new ArrayBuffer(n)).fill(fill);

describe("CrmBoardCache", () => {
  it("answers a stored key without building; another version or key builds", async () => {
    const cache = new CrmBoardCache(1000);
    let builds = 0;
    const build = (n: number) => async () => (builds++, bytes(n));
    await cache.answer("s1", 1, "k", build(10));
    expect(await cache.answer("s1", 1, "k", build(10))).toHaveLength(10);
    expect(builds).toBe(1);
    await cache.answer("s1", 2, "k", build(10));
    await cache.answer("s1", 2, "other", build(10));
    expect(builds).toBe(3);
  });

  it("a newer version of a studio drops the studio's older answers; an older one built late is not kept", async () => {
    const cache = new CrmBoardCache(1000);
    await cache.answer("s1", 1, "a", async () => bytes(10));
    await cache.answer("s1", 1, "b", async () => bytes(10));
    await cache.answer("s2", 1, "a", async () => bytes(10));
    await cache.answer("s1", 2, "a", async () => bytes(10));
    expect(cache.size).toEqual({ entries: 2, bytes: 20 });
    await cache.answer("s1", 1, "c", async () => bytes(10));
    expect(cache.size).toEqual({ entries: 2, bytes: 20 });
  });

  it("stays within its byte budget, least recently used out first; an answer over half the budget is not kept", async () => {
    const cache = new CrmBoardCache(100);
    await cache.answer("s1", 1, "a", async () => bytes(40));
    await cache.answer("s2", 1, "a", async () => bytes(40));
    await cache.answer("s1", 1, "a", async () => bytes(40, 2)); // a hit: s1 is now the most recent
    await cache.answer("s3", 1, "a", async () => bytes(40));
    expect(cache.size).toEqual({ entries: 2, bytes: 80 });
    let rebuilt = false;
    await cache.answer("s2", 1, "a", async () => ((rebuilt = true), bytes(40)));
    expect(rebuilt).toBe(true);
    await cache.answer("s4", 1, "big", async () => bytes(60));
    expect(cache.size.bytes).toBeLessThanOrEqual(100);
    let again = false;
    await cache.answer("s4", 1, "big", async () => ((again = true), bytes(60)));
    expect(again).toBe(true);
  });

  it("concurrent misses of one key share one build; a failed build is not kept", async () => {
    const cache = new CrmBoardCache(1000);
    let builds = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const build = async () => {
      builds++;
      await gate;
      return bytes(5);
    };
    const answers = Promise.all([1, 2, 3].map(() => cache.answer("s1", 1, "k", build)));
    release();
    expect((await answers).map((a) => a.length)).toEqual([5, 5, 5]);
    expect(builds).toBe(1);
    await expect(cache.answer("s1", 2, "k", () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    expect(await cache.answer("s1", 2, "k", async () => bytes(7))).toHaveLength(7);
  });
});
