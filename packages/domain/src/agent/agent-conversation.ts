import { AGENT_LIMITS } from "@studio/contracts";
import { agentMessages, type Db, type DbOrTx } from "@studio/db";
import { and, desc, eq, inArray, sql } from "drizzle-orm";

/**
 * The conversation's lock (a transaction-scoped advisory lock on its id): an inbound insert and the
 * reply job's read never interleave, so a message either is in the read or is stamped after it.
 */
export async function lockConversation(tx: DbOrTx, conversationId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`agent:${conversationId}`}, 0))`);
}

export interface AgentHistoryMessage {
  direction: "IN" | "OUT";
  body: string;
}

/** What the reply job does next for a conversation. */
export type AgentReplyStep =
  /** Every message has its reply (an earlier job answered them, or there are none). */
  | { kind: "nothing" }
  /** The conversation is still busy: look again in `afterSeconds`. */
  | { kind: "wait"; afterSeconds: number }
  /** Reply now to `answeredIds` (the messages since the last reply), to `phone`, with `history` as context. */
  | { kind: "reply"; phone: string; history: AgentHistoryMessage[]; answeredIds: string[] };

/**
 * Reads the newest AGENT_LIMITS.historyMessages messages of the conversation (under its lock).
 * Unanswered are the IN messages after its last OUT. While the newest of them is younger than
 * debounceSeconds (database clock, the same one that stamped it), the job waits again; so a burst
 * of messages gets one reply, sent once the sender has been quiet for the debounce time.
 */
export async function prepareAgentReply(
  db: Db,
  input: { conversationId: string; debounceSeconds: number },
): Promise<AgentReplyStep> {
  return db.transaction(async (tx) => {
    await lockConversation(tx, input.conversationId);
    const rows = await tx
      .select({
        id: agentMessages.id,
        direction: agentMessages.direction,
        body: agentMessages.body,
        phone: agentMessages.phone,
        ageMs: sql<number>`(extract(epoch from (clock_timestamp() - ${agentMessages.createdAt})) * 1000)::float8`,
      })
      .from(agentMessages)
      .where(eq(agentMessages.conversationId, input.conversationId))
      .orderBy(desc(agentMessages.createdAt), desc(agentMessages.id))
      .limit(AGENT_LIMITS.historyMessages);
    const lastOut = rows.findIndex((r) => r.direction === "OUT");
    const unanswered = (lastOut === -1 ? rows : rows.slice(0, lastOut)).filter((r) => r.direction === "IN");
    const newest = unanswered[0];
    if (!newest) return { kind: "nothing" };
    const quietMs = input.debounceSeconds * 1000 - Number(newest.ageMs);
    if (quietMs > 0) return { kind: "wait", afterSeconds: Math.max(1, Math.ceil(quietMs / 1000)) };
    return {
      kind: "reply",
      phone: newest.phone,
      history: rows
        .slice()
        .reverse()
        .map((r) => ({ direction: r.direction === "OUT" ? "OUT" : "IN", body: r.body })),
      answeredIds: unanswered.map((r) => r.id),
    };
  });
}

/**
 * Records the reply the provider accepted (direction OUT), stamped just after the newest message
 * it answers: messages that arrived while it was written stay after it, unanswered, for the next job.
 */
export async function recordAgentReply(
  db: Db,
  input: { conversationId: string; phone: string; body: string; answeredIds: readonly string[] },
): Promise<void> {
  await db.insert(agentMessages).values({
    conversationId: input.conversationId,
    phone: input.phone,
    direction: "OUT",
    body: input.body,
    createdAt: sql`coalesce((select max(${agentMessages.createdAt}) + interval '1 microsecond' from ${agentMessages}
      where ${and(eq(agentMessages.conversationId, input.conversationId), inArray(agentMessages.id, [...input.answeredIds]))}), clock_timestamp())`,
  });
}
