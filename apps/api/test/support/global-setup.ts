import { createDatabase } from "@studio/db";
import { TEST_DATABASE_URL, templateName, urlForDatabase } from "./databases";

/** Creates the migrated template database once per run; test files clone it. */
export default async function setup() {
  const admin = createDatabase({ url: TEST_DATABASE_URL, maxConnections: 1 });
  const name = templateName();
  try {
    const existing = await admin.executor.executeSql("select 1 from pg_database where datname = $1", [name]);
    if (existing.rows.length === 0) {
      const building = `${name}_building`;
      await admin.executor.executeSql(`drop database if exists ${building} with (force)`);
      await admin.executor.executeSql(`create database ${building}`);
      const tpl = createDatabase({ url: urlForDatabase(building), maxConnections: 1 });
      await tpl.migrate();
      await tpl.close();
      // Rename last so a crashed build never leaves a half-migrated template behind.
      await admin.executor.executeSql(`alter database ${building} rename to ${name}`).catch(async (error: unknown) => {
        await admin.executor.executeSql(`drop database if exists ${building} with (force)`);
        const again = await admin.executor.executeSql("select 1 from pg_database where datname = $1", [name]);
        if (again.rows.length === 0) throw error;
      });
    }
  } finally {
    await admin.close();
  }
}
