import { eq } from "drizzle-orm";
import type { Studio } from "@studio/contracts";
import { studios, type Db } from "@studio/db";
import { notFound } from "../errors";

export async function getCurrentStudio(db: Db, studioId: string): Promise<Studio> {
  const [row] = await db.select().from(studios).where(eq(studios.id, studioId)).limit(1);
  if (!row) throw notFound("studio");
  return {
    id: row.id,
    organizationId: row.organizationId,
    name: row.name,
    slug: row.slug,
    timezone: row.timezone,
    locale: row.locale,
    settings: row.settings,
  };
}
