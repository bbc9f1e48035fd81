import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { defineJob } from "../src/index";
import { backends, openBackend, queueFactory, uniqueSchema, type TestBackend } from "./harness";

/**
 * A start leaves a queue alone when its stored settings already are the definition's
 * (createQueue + updateQueue per job at every start were ~0.1 s of the embedded start), and
 * still brings a changed definition's settings in.
 */
describe.each(backends)("queue setup at start on %s", (backendName) => {
  let backend: TestBackend;
  const queues = queueFactory();
  beforeAll(async () => {
    backend = await openBackend(backendName);
  });
  afterEach(() => queues.stopAll());
  afterAll(() => backend?.cleanup());

  const job = (retryLimit: number) =>
    defineJob({
      name: "queue-setup-probe",
      payload: z.object({}),
      retryLimit,
      retryDelaySec: 2,
      retryBackoff: true,
      async handler() {},
    });
  const stored = async (schema: string) =>
    (
      await backend.database.executor.executeSql(
        `select retry_limit, retry_delay, retry_backoff, updated_on::text as updated_on from ${schema}.queue where name = 'queue-setup-probe'`,
      )
    ).rows[0] as { retry_limit: number; retry_delay: number; retry_backoff: boolean; updated_on: string };

  it("an unchanged definition writes nothing to its queue; a changed one is brought in", async () => {
    const schema = uniqueSchema();
    const first = queues.create(backend.database, [job(3)], { schema });
    await first.start();
    await first.stop();
    const created = await stored(schema);
    expect(created).toMatchObject({ retry_limit: 3, retry_delay: 2, retry_backoff: true });

    const again = queues.create(backend.database, [job(3)], { schema });
    await again.start();
    await again.stop();
    expect(await stored(schema)).toEqual(created);

    const changed = queues.create(backend.database, [job(5)], { schema });
    await changed.start();
    await changed.stop();
    const updated = await stored(schema);
    expect(updated).toMatchObject({ retry_limit: 5, retry_delay: 2, retry_backoff: true });
    expect(updated.updated_on).not.toBe(created.updated_on);
  });

  it("a queue dropped since the last start is created again", async () => {
    const schema = uniqueSchema();
    const first = queues.create(backend.database, [job(3)], { schema });
    await first.start();
    await first.stop();
    await backend.database.executor.executeSql(`select ${schema}.delete_queue('queue-setup-probe')`);
    expect(await stored(schema)).toBeUndefined();
    const again = queues.create(backend.database, [job(3)], { schema });
    await again.start();
    await again.stop();
    expect(await stored(schema)).toMatchObject({ retry_limit: 3 });
  });
});
