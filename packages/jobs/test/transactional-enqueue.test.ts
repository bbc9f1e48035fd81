import { randomUUID } from "node:crypto";
import { studios } from "@studio/db";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { defineJob } from "../src/index";
import { backends, jobRow, openBackend, queueFactory, sleep, waitFor, type TestBackend } from "./harness";

describe.each(backends)("transactional enqueue on %s", (backendName) => {
  let backend: TestBackend;
  const queues = queueFactory();
  const delivered: string[] = [];
  const studioCreated = defineJob({
    name: "studio-created",
    payload: z.object({ studioId: z.string() }),
    retryLimit: 3,
    retryDelaySec: 1,
    retryBackoff: true,
    async handler(payload) {
      delivered.push(payload.studioId);
    },
  });

  beforeAll(async () => {
    backend = await openBackend(backendName);
  });
  afterEach(() => queues.stopAll());
  afterAll(() => backend?.cleanup());

  const studioExists = async (id: string) =>
    (await backend.database.executor.executeSql("select 1 from studios where id = $1", [id])).rows.length ===
    1;

  it("delivers a job enqueued in a transaction that commits", async () => {
    const { database } = backend;
    const queue = queues.create(database, [studioCreated]);
    await queue.start();
    await queue.work();

    const studioId = randomUUID();
    const jobId = await database.db.transaction(async (tx) => {
      await tx.insert(studios).values({ id: studioId, name: "Committed", slug: `c-${studioId}` });
      const id = await queue.enqueue("studio-created", { studioId }, { tx });
      // The job row is part of this transaction: visible inside it ...
      const inside = await database
        .executorFor(tx)
        .executeSql(`select 1 from ${queue.schema}.job where id = $1`, [id]);
      expect(inside.rows).toHaveLength(1);
      // ... and invisible to every other connection until commit (PGlite has just one connection).
      if (database.kind === "postgres") expect(await jobRow(database, queue.schema, id!)).toBeUndefined();
      return id;
    });

    expect(jobId).toEqual(expect.any(String));
    await waitFor(() => delivered.includes(studioId), { what: "delivery" });
    expect(await studioExists(studioId)).toBe(true);
    const row = await waitFor(async () => {
      const r = await jobRow(database, queue.schema, jobId!);
      return r?.state === "completed" && r;
    });
    expect(row).toMatchObject({ name: "studio-created", retry_count: 0 });
  });

  it("never creates a job enqueued in a transaction that rolls back", async () => {
    const { database } = backend;
    const queue = queues.create(database, [studioCreated]);
    await queue.start();
    await queue.work();

    const studioId = randomUUID();
    let jobId: string | null = null;
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(studios).values({ id: studioId, name: "Rolled back", slug: `r-${studioId}` });
        jobId = await queue.enqueue("studio-created", { studioId }, { tx });
        throw new Error("business rule failed after enqueue");
      }),
    ).rejects.toThrow("business rule failed after enqueue");

    expect(jobId).toEqual(expect.any(String)); // it was inserted, inside the transaction
    expect(await jobRow(database, queue.schema, jobId!)).toBeUndefined();
    expect(await studioExists(studioId)).toBe(false);
    const { rows } = await database.executor.executeSql(
      `select count(*)::int as n from ${queue.schema}.job where name = $1`,
      ["studio-created"],
    );
    expect(rows[0]).toEqual({ n: 0 });
    await sleep(1_500); // three polling intervals
    expect(delivered).not.toContain(studioId);
  });

  it("rejects an invalid payload or an unknown job before touching the database", async () => {
    const queue = queues.create(backend.database, [studioCreated]);
    await queue.start();
    await expect(queue.enqueue("studio-created", { studioId: 42 } as never)).rejects.toThrow();
    await expect(queue.enqueue("no-such-job" as never, {} as never)).rejects.toThrow(/unknown job/);
  });
});
