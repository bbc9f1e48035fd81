import { selectPage, type ListWindow } from "../paging";
import { accessOf, type StudioScope } from "../scope";
import { and, desc, eq, gte, ilike, or, sql, type SQL } from "drizzle-orm";
import type { ClientRecord, ClientStatus } from "@studio/contracts";
import { clientCoaches, clients, type Db } from "@studio/db";
import { containsPattern } from "../team/search-pattern";
import { toClientRecords } from "./client-record";
import { clientScope } from "./client-scope";
import { liveTrainees } from "./live-trainee";

export interface ClientFilters {
  /** Name or email; a value of only digits, spaces, +, - and brackets also matches the phone. */
  search?: string;
  status?: ClientStatus;
  coachId?: string;
  /** Exact tag. */
  tag?: string;
  createdFrom?: Date;
  updatedFrom?: Date;
}

const PHONE_LIKE = /^[\d\s+\-()]+$/;

function searchCondition(search: string): SQL {
  const pattern = containsPattern(search);
  const options: SQL[] = [
    ilike(sql`${clients.firstName} || ' ' || ${clients.lastName}`, pattern),
    ilike(clients.email, pattern),
  ];
  const digits = search.replace(/\D/g, "").replace(/^0+/, "");
  if (PHONE_LIKE.test(search) && digits.length >= 3)
    options.push(sql`${clients.phone} like ${containsPattern(digits)}`);
  return or(...options)!;
}

/** `GET /v1/web/clients`: live trainees the actor reaches, newest first. */
export async function listClients(
  db: Db,
  scope: StudioScope,
  query: ClientFilters & ListWindow,
): Promise<{ items: ClientRecord[]; total: number }> {
  const conditions: (SQL | undefined)[] = [liveTrainees(scope), clientScope(accessOf(scope))];
  if (query.search) conditions.push(searchCondition(query.search));
  if (query.status) conditions.push(eq(clients.status, query.status));
  if (query.tag) conditions.push(sql`${clients.tags} @> ${JSON.stringify([query.tag])}::jsonb`);
  if (query.coachId) {
    conditions.push(
      sql`exists (select 1 from ${clientCoaches} where ${clientCoaches.clientId} = ${clients.id} and ${clientCoaches.coachId} = ${query.coachId})`,
    );
  }
  if (query.createdFrom) conditions.push(gte(clients.createdAt, query.createdFrom));
  if (query.updatedFrom) conditions.push(gte(clients.updatedAt, query.updatedFrom));
  const where = and(...conditions);
  const { rows, total } = await selectPage(db, query, {
    table: clients,
    where,
    rows: ({ limit, offset }) =>
      db
        .select()
        .from(clients)
        .where(where)
        .orderBy(desc(clients.createdAt), desc(clients.id))
        .limit(limit)
        .offset(offset),
  });
  return { items: await toClientRecords(db, rows), total };
}
