import { WhatsAppWebhookInput, type WhatsAppWebhookResult } from "@studio/contracts";
import { studios, whatsappInboundMessages, type Db } from "@studio/db";
import { and, eq, isNull } from "drizzle-orm";
import type { WebhookScope } from "../agent/agent-scope";
import { normalizeSenderPhone } from "../agent/agent-phone";
import { notFound } from "../errors";
import { matchSenders } from "./match-sender";

const MAX_UNIX_SECONDS = 253_402_300_799; // 9999-12-31T23:59:59Z

/**
 * `POST /v1/whatsapp/webhook/:studioId`: a WhatsApp Cloud API notification for the studio's number.
 * An unknown, archived or malformed studio id answers NOT_FOUND "studio not found" (the same for
 * each). Every message of every "messages" change is recorded once per (studio, provider message
 * id): a redelivery inserts nothing and is not counted. The sender is linked to a trainee of this
 * studio by normalized phone, else to a lead of this studio, else to nobody. Statuses (sent,
 * delivered, read) and other fields are acknowledged and ignored. The text is kept for text
 * messages; other kinds keep only their type.
 */
export async function receiveWhatsappNotification(
  db: Db,
  scope: WebhookScope,
  input: WhatsAppWebhookInput,
): Promise<WhatsAppWebhookResult> {
  const body = WhatsAppWebhookInput.parse(input);
  const [studio] = await db
    .select({ id: studios.id })
    .from(studios)
    .where(and(eq(studios.id, body.studioId), isNull(studios.archivedAt)));
  if (!studio) throw notFound("studio");

  const seen = new Set<string>();
  const messages: {
    providerMessageId: string;
    fromPhone: string;
    phone: string | null;
    contactName: string | null;
    kind: string;
    body: string | null;
    receivedAt: Date;
  }[] = [];
  for (const entry of body.entry) {
    for (const change of entry.changes) {
      if (change.field !== "messages" || !change.value) continue;
      const names = new Map<string, string>();
      for (const contact of change.value.contacts ?? [])
        if (contact.wa_id && contact.profile?.name) names.set(contact.wa_id, contact.profile.name);
      for (const m of change.value.messages ?? []) {
        if (seen.has(m.id)) continue;
        seen.add(m.id);
        const phone = normalizeSenderPhone(m.from);
        const seconds = m.timestamp && /^\d{1,12}$/.test(m.timestamp) ? Number(m.timestamp) : NaN;
        messages.push({
          providerMessageId: m.id,
          fromPhone: phone ?? m.from,
          phone,
          contactName: names.get(m.from) ?? null,
          kind: m.type,
          body: m.type === "text" ? (m.text?.body ?? null) : null,
          receivedAt: seconds > 0 && seconds <= MAX_UNIX_SECONDS ? new Date(seconds * 1000) : scope.now,
        });
      }
    }
  }
  if (messages.length === 0) return { received: 0 };

  const phones = [...new Set(messages.flatMap((m) => (m.phone ? [m.phone] : [])))];
  const matches = await matchSenders(db, studio.id, phones);
  const inserted = await db
    .insert(whatsappInboundMessages)
    .values(
      messages.map((m) => {
        const match = m.phone ? matches.get(m.phone) : undefined;
        return {
          studioId: studio.id,
          providerMessageId: m.providerMessageId,
          fromPhone: m.fromPhone,
          contactName: m.contactName,
          clientId: match?.clientId ?? null,
          leadId: match?.leadId ?? null,
          kind: m.kind,
          body: m.body,
          receivedAt: m.receivedAt,
        };
      }),
    )
    .onConflictDoNothing({
      target: [whatsappInboundMessages.studioId, whatsappInboundMessages.providerMessageId],
    })
    .returning({ id: whatsappInboundMessages.id });
  scope.logger.info("whatsapp messages received", {
    studioId: studio.id,
    messages: messages.length,
    recorded: inserted.length,
  });
  return { received: inserted.length };
}
