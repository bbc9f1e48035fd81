/**
 * The automation lane's paginated data (document 3 "Response envelope"): a `{rows,total}` or
 * `{items,total}` page of a limit/offset window becomes items, total, limit, offset, hasMore.
 */
export function automationPage<T>(
  page: { items: T[]; total: number } | { rows: T[]; total: number },
  window: { limit: number; offset: number },
): { items: T[]; total: number; limit: number; offset: number; hasMore: boolean } {
  const items = "items" in page ? page.items : page.rows;
  return {
    items,
    total: page.total,
    limit: window.limit,
    offset: window.offset,
    hasMore: window.offset + items.length < page.total,
  };
}
