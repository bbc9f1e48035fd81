import type { StudioScope } from "../scope";
import { eq } from "drizzle-orm";
import type { Studio } from "@studio/contracts";
import { studios, type Db } from "@studio/db";
import { notFound } from "../errors";
import { toStudio } from "./studio-record";

export async function getCurrentStudio(db: Db, scope: StudioScope): Promise<Studio> {
  const { studioId } = scope;
  const [row] = await db.select().from(studios).where(eq(studios.id, studioId)).limit(1);
  if (!row) throw notFound("studio");
  return toStudio(row);
}
