import { pgliteTemplate } from "@studio/db/test-support/pglite-template";

/**
 * The migrated PGlite template's dump (the *.db.test.ts files load it), built beside the first
 * files when it is not on disk yet (see pglite-template); teardown waits for it.
 */
export default function setup() {
  const pgliteDump = pgliteTemplate().prepare();
  // Awaited by teardown; a failed build is reported there (files then build their own).
  pgliteDump.catch(() => undefined);
  return () => pgliteDump;
}
