import { and, desc, eq } from "drizzle-orm";
import type { ClientPaymentsInput, Payment } from "@studio/contracts";
import { clients, payments, type Db } from "@studio/db";
import { loadLiveTrainee } from "../clients/live-trainee";
import { selectPage } from "../paging";
import type { StudioScope } from "../scope";
import { toPayment } from "./payment-record";

/**
 * GET /v1/web/clients/:id/payments: the trainee's payments as the payments provider reported
 * them, newest paid first, paged. NOT_FOUND client not found outside the caller's reach (another
 * studio's, a deleted trainee, or one a coach limited to assigned trainees is not assigned).
 */
export async function listClientPayments(
  db: Db,
  scope: StudioScope,
  input: ClientPaymentsInput,
): Promise<{ items: Payment[]; total: number }> {
  const client = await loadLiveTrainee(db, scope, input.id, { select: { id: clients.id } });
  const where = and(eq(payments.studioId, scope.studioId), eq(payments.clientId, client.id));
  const { rows, total } = await selectPage(db, input, {
    table: payments,
    where,
    rows: ({ limit, offset }) =>
      db
        .select()
        .from(payments)
        .where(where)
        .orderBy(desc(payments.occurredAt), desc(payments.id))
        .limit(limit)
        .offset(offset),
  });
  return { items: rows.map(toPayment), total };
}
