import { clients, leads, type Db } from "@studio/db";
import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { parsePhoneNumberFromString } from "libphonenumber-js";
import { clientIsLive } from "../clients/live-trainee";

/** Who a sender is in one studio: its trainee (clients), else its newest lead, else nobody. */
export interface SenderMatch {
  clientId: string | null;
  leadId: string | null;
}

/** The digit strings a stored lead phone (kept as entered) may reduce to: international and national. */
function digitVariants(e164: string): string[] {
  const parsed = parsePhoneNumberFromString(e164);
  const national = parsed ? parsed.formatNational().replace(/\D/g, "") : "";
  return [...new Set([e164.replace(/\D/g, ""), national].filter(Boolean))];
}

/**
 * Matches E.164 phones to trainees (live rows, phones stored normalized) and then leads (live rows,
 * phones compared digit by digit in international or national form) of THIS studio only: a phone
 * of another studio's trainee or lead is never linked.
 */
export async function matchSenders(
  db: Db,
  studioId: string,
  phones: readonly string[],
): Promise<Map<string, SenderMatch>> {
  const out = new Map<string, SenderMatch>();
  if (phones.length === 0) return out;
  const trainees = await db
    .select({ id: clients.id, phone: clients.phone })
    .from(clients)
    .where(and(eq(clients.studioId, studioId), clientIsLive(), inArray(clients.phone, [...phones])));
  for (const t of trainees) out.set(t.phone, { clientId: t.id, leadId: null });

  const rest = phones.filter((p) => !out.has(p));
  const byDigits = new Map<string, string>();
  for (const phone of rest) for (const digits of digitVariants(phone)) byDigits.set(digits, phone);
  if (byDigits.size > 0) {
    const leadDigits = sql<string>`regexp_replace(${leads.phone}, '\\D', '', 'g')`;
    const found = await db
      .select({ id: leads.id, digits: leadDigits })
      .from(leads)
      .where(
        and(eq(leads.studioId, studioId), isNull(leads.deletedAt), inArray(leadDigits, [...byDigits.keys()])),
      )
      .orderBy(desc(leads.createdAt), desc(leads.id));
    for (const lead of found) {
      const phone = byDigits.get(lead.digits);
      if (phone && !out.has(phone)) out.set(phone, { clientId: null, leadId: lead.id });
    }
  }
  return out;
}
