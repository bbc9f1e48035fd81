import type { StudioScope } from "../scope";
import { eq, sql } from "drizzle-orm";
import type { Studio } from "@studio/contracts";
import { preparedQuery, studios, type Db, type DbOrTx } from "@studio/db";
import { notFound } from "../errors";
import { toStudio } from "./studio-record";

export async function getCurrentStudio(db: Db, scope: StudioScope): Promise<Studio> {
  // The web lane read the row with the caller (one statement per request); others read it here.
  const row = scope.studio ?? (await studioById(db).execute({ studioId: scope.studioId }))[0];
  if (!row) throw notFound("studio");
  return toStudio(row);
}

/** The web app reads its studio on every page: built once per handle (see preparedQuery). */
const studioById = (db: DbOrTx) =>
  preparedQuery(db, "studio_by_id", (on) =>
    on
      .select()
      .from(studios)
      .where(eq(studios.id, sql.placeholder("studioId")))
      .limit(1)
      .prepare("studio_by_id"),
  );
