// CRM month and day boundaries use server local time (document 1 "GET /v1/web/crm/board").
// They are computed here, in the process's zone, and passed to SQL as instants.

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** First moment of the local day of `now`. */
export const startOfLocalDay = (now: Date) => new Date(now.getFullYear(), now.getMonth(), now.getDate());

/** First moment of the next local day: "before the end of today" is `< startOfNextLocalDay`. */
export const startOfNextLocalDay = (now: Date) =>
  new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);

/** First moment of the local month of `now`. */
export const startOfLocalMonth = (now: Date) => new Date(now.getFullYear(), now.getMonth(), 1);

/** A YYYY-MM-DD value is a local calendar day; anything else is an ISO instant. */
export function parseLocalDateOrInstant(value: string): { instant: Date; dateOnly: boolean } {
  const m = DATE_ONLY.exec(value);
  if (m) return { instant: new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])), dateOnly: true };
  return { instant: new Date(value), dateOnly: false };
}

/**
 * Board `from`/`to` filters as SQL bounds. `from` is "created at or after": a date means its
 * first local moment. `to` is "created at or before": a date includes that whole local day
 * (exclusive bound at the next day's first moment); an instant is inclusive.
 */
export function createdRange(from?: string, to?: string): { gte?: Date; lt?: Date; lte?: Date } {
  const range: { gte?: Date; lt?: Date; lte?: Date } = {};
  if (from) range.gte = parseLocalDateOrInstant(from).instant;
  if (to) {
    const parsed = parseLocalDateOrInstant(to);
    if (parsed.dateOnly) range.lt = startOfNextLocalDay(parsed.instant);
    else range.lte = parsed.instant;
  }
  return range;
}
