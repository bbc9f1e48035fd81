import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * patches/postgres@3.4.9.patch (pnpm's patchedDependencies): the installed postgres.js must
 * carry it, in each of its three builds, and its queue must behave as a FIFO under the
 * pattern a busy connection goes through when statements are pipelined.
 */
const root = path.resolve(path.dirname(createRequire(import.meta.url).resolve("postgres")), "../..");
const builds = ["src", "cjs/src", "cf/src"];

type Queue<T> = { readonly length: number; push(x: T): T; shift(): T; remove(x: T): T | null };

describe("the patched postgres.js", () => {
  it.each(builds)(
    "%s: a deferred write after the socket closed is dropped; queue removal skips the holes",
    (build) => {
      const connection = readFileSync(path.join(root, build, "connection.js"), "utf8");
      expect(connection).toContain("if (socket === null) {");
      const queue = readFileSync(path.join(root, build, "queue.js"), "utf8");
      expect(queue).toContain("xs.indexOf(x, index)");
      expect(queue).toContain("xs = xs.slice(index)");
    },
  );

  it("its queue stays a FIFO through 10,000 moves of a busy connection (shift, remove, push)", async () => {
    const { default: Queue } = (await import(pathToFileURL(path.join(root, "src/queue.js")).href)) as {
      default: <T>() => Queue<T>;
    };
    const busy = Queue<string>();
    busy.push("a");
    busy.push("b");
    const order: string[] = [];
    for (let i = 0; i < 10_000; i++) {
      // postgres.js: go(busy.shift(), query) then move(c, busy) = remove (not found) + push.
      const c = busy.shift();
      order.push(c);
      expect(busy.remove(c)).toBeNull();
      busy.push(c);
      expect(busy.length).toBe(2);
    }
    expect(order.slice(0, 4)).toEqual(["a", "b", "a", "b"]);
    expect(order.filter((c) => c === "a")).toHaveLength(5_000);
    // A connection leaving the busy queue (its statements done) is found and removed.
    expect(busy.remove("a")).toBe("a");
    expect(busy.length).toBe(1);
    expect(busy.shift()).toBe("b");
    expect(busy.length).toBe(0);
  });
});
