import { pgliteTemplate } from "../src/test-support/pglite-template";

/**
 * The migrated PGlite template's dump (schema and system-foods tests load it), built beside the
 * first files when it is not on disk yet (see pglite-template); teardown waits for it.
 */
export default function setup() {
  const pgliteDump = pgliteTemplate().prepare();
  // Awaited by teardown; a failed build is reported there (files then build their own).
  pgliteDump.catch(() => undefined);
  return () => pgliteDump;
}
