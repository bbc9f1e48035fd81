import { eq } from "drizzle-orm";
import type { HomeBanner } from "@studio/contracts";
import { homeBanners, type Db } from "@studio/db";
import type { StudioScope } from "../scope";
import { toHomeBanner } from "./content-record";

/** GET /v1/web/studio/home-banner: the studio's banner; none set yet reads as no item, not live. */
export async function getHomeBanner(db: Db, scope: StudioScope): Promise<HomeBanner> {
  const [row] = await db.select().from(homeBanners).where(eq(homeBanners.studioId, scope.studioId)).limit(1);
  return toHomeBanner(row);
}
