import { and, asc, eq, isNull } from "drizzle-orm";
import { clients, studios, type DbOrTx } from "@studio/db";
import { clientIsLive } from "../clients/live-trainee";

export interface PhoneHolder {
  clientId: string;
  studioId: string;
  studioName: string;
}

/**
 * The live trainees holding an E.164 phone, one per studio at most (the phone is unique among a
 * studio's live trainees), across every studio that is not archived; by studio name. Sign-in is
 * the one place that reads trainees across studios: it has no studio yet.
 */
export async function traineesByPhone(db: DbOrTx, phone: string): Promise<PhoneHolder[]> {
  return db
    .select({ clientId: clients.id, studioId: studios.id, studioName: studios.name })
    .from(clients)
    .innerJoin(studios, eq(studios.id, clients.studioId))
    .where(and(eq(clients.phone, phone), clientIsLive(), isNull(studios.archivedAt)))
    .orderBy(asc(studios.name), asc(studios.id));
}
