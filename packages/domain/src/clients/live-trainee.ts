import {
  and,
  eq,
  getTableColumns,
  isNull,
  sql,
  type AnyColumn,
  type SQL,
  type SQLWrapper,
} from "drizzle-orm";
import { QueryBuilder, type SelectedFields } from "drizzle-orm/pg-core";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import { clients, studios, type DbOrTx } from "@studio/db";
import { notFound } from "../errors";
import { accessOf, type StudioScope } from "../scope";
import { clientScope } from "./client-scope";

/**
 * The live-trainee vocabulary: a trainee is live while `clients.deleted_at` is null (DELETE
 * /v1/web/clients/:id and account deletion set it). Every read of a trainee goes through these
 * conditions instead of writing the filter by hand.
 */

/** Not soft-deleted, in any studio (the trainee's sign-in by phone, cross-studio job scans). */
export const clientIsLive = (): SQL => isNull(clients.deletedAt);

/** The scope's studio's live trainees. */
export const liveTrainees = (scope: StudioScope): SQL =>
  and(eq(clients.studioId, scope.studioId), clientIsLive())!;

/**
 * One live trainee of the scope's studio: `clientId` is an id or a column (e.g. the client id of
 * a joined row). `reach` also limits a coach with assigned-trainees access to their own trainees.
 */
export function liveTraineeOf(
  scope: StudioScope,
  clientId: string | AnyColumn | SQLWrapper,
  options: { reach?: boolean } = {},
): SQL {
  return and(
    eq(clients.id, clientId),
    liveTrainees(scope),
    options.reach ? clientScope(accessOf(scope)) : undefined,
  )!;
}

/**
 * The zone of the trainee's studio, beside the trainee's own columns. Built as a subquery (a
 * select field of a one-table select renders its columns unqualified; a subquery keeps its own).
 */
export const studioTimezoneOfClient = sql<string>`(${new QueryBuilder()
  .select({ timezone: studios.timezone })
  .from(studios)
  .where(eq(studios.id, clients.studioId))})`;

export interface LoadLiveTraineeOptions {
  /** Lock the trainee row (`for update of clients`). */
  forUpdate?: boolean;
  /** The NOT_FOUND subject: "client" (default) or "trainee" (the tracking routes). */
  missing?: "client" | "trainee";
  /** Limit a coach with assigned-trainees access to their own trainees (default true). */
  reach?: boolean;
}

/**
 * The one lookup of a trainee by id: live, in the scope's studio and reachable by the caller (a
 * coach limited to assigned trainees gets the same NOT_FOUND as for another studio's or a
 * deleted id; `reach: false` for the routes that do not apply coach scoping). The whole row, or
 * the columns `select` names.
 */
export async function loadLiveTrainee(
  db: DbOrTx,
  scope: StudioScope,
  clientId: string,
  options?: LoadLiveTraineeOptions,
): Promise<typeof clients.$inferSelect>;
export async function loadLiveTrainee<T extends SelectedFields>(
  db: DbOrTx,
  scope: StudioScope,
  clientId: string,
  options: LoadLiveTraineeOptions & { select: T },
): Promise<SelectResultFields<T>>;
export async function loadLiveTrainee(
  db: DbOrTx,
  scope: StudioScope,
  clientId: string,
  options: LoadLiveTraineeOptions & { select?: SelectedFields } = {},
): Promise<unknown> {
  const query = db
    .select(options.select ?? getTableColumns(clients))
    .from(clients)
    .where(liveTraineeOf(scope, clientId, { reach: options.reach ?? true }))
    .limit(1);
  const [row] = options.forUpdate ? await query.for("update", { of: clients }) : await query;
  if (!row) throw notFound(options.missing ?? "client");
  return row;
}
