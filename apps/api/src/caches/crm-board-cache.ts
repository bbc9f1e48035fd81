/**
 * This process's serialized CRM board answers (issue 30 item 3): the exact bytes of the `data`
 * of GET /v1/web/crm/board, keyed by studio, the studio's board version and the rest of what the
 * answer depends on (domain `crmBoardKey`: month start, end of today, normalized filters).
 *
 * Correct across processes because nothing here is trusted without PostgreSQL: every request
 * reads the studio's version (studios.crm_board_version, in the caller lookup it makes anyway),
 * and every write to leads or lead_statuses moves it in its own transaction (triggers, migration
 * 0020), so another process's write is seen at the next request. An entry of an older version is
 * never answered again; it is dropped as soon as a newer one of its studio is stored, or ages out.
 *
 * Bounded by bytes (least recently used first out); an answer over half the budget is not kept.
 * Concurrent misses of one key share one build (the first request's), so a write followed by 8
 * waiting clients costs one rebuild, not 8.
 */
export const CRM_BOARD_CACHE_BYTES = 32 * 1024 * 1024;

interface Entry {
  studioId: string;
  version: number;
  bytes: Uint8Array<ArrayBuffer>;
}

export class CrmBoardCache {
  /** Insertion order is recency: the first entry is the least recently used. */
  private readonly entries = new Map<string, Entry>();
  /** Per studio: the newest version stored and how many entries it holds (deleted at 0). */
  private readonly studios = new Map<string, { version: number; count: number }>();
  private readonly building = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();
  private total = 0;

  constructor(private readonly maxBytes = CRM_BOARD_CACHE_BYTES) {}

  /** Bytes held now (for tests and the memory bench). */
  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.total };
  }

  /**
   * The answer of (studio, version, key): the stored bytes, the build under way for the same
   * key, or a new build (stored when it succeeds and its version is still the studio's newest).
   */
  answer(
    studioId: string,
    version: number,
    key: string,
    build: () => Promise<Uint8Array<ArrayBuffer>>,
  ): Promise<Uint8Array<ArrayBuffer>> {
    const id = `${studioId}\u0000${version}\u0000${key}`;
    const hit = this.entries.get(id);
    if (hit) {
      this.entries.delete(id);
      this.entries.set(id, hit);
      return Promise.resolve(hit.bytes);
    }
    const pending = this.building.get(id);
    if (pending) return pending;
    const built = build().then(
      (bytes) => {
        this.building.delete(id);
        this.store(id, { studioId, version, bytes });
        return bytes;
      },
      (error: unknown) => {
        this.building.delete(id);
        throw error;
      },
    );
    this.building.set(id, built);
    return built;
  }

  private store(id: string, entry: Entry): void {
    const studio = this.studios.get(entry.studioId);
    // A request that read an older version finished after one that read a newer: not kept.
    if (studio && entry.version < studio.version) return;
    if (entry.bytes.byteLength > this.maxBytes / 2) return;
    if (studio && entry.version > studio.version) this.dropStudio(entry.studioId);
    const current = this.studios.get(entry.studioId);
    if (current) current.count += 1;
    else this.studios.set(entry.studioId, { version: entry.version, count: 1 });
    this.entries.set(id, entry);
    this.total += entry.bytes.byteLength;
    while (this.total > this.maxBytes) {
      const [oldest] = this.entries.keys();
      this.remove(oldest!);
    }
  }

  /** Every entry of the studio (all of an older version once a newer one is stored). */
  private dropStudio(studioId: string): void {
    for (const [id, entry] of this.entries) if (entry.studioId === studioId) this.remove(id);
  }

  private remove(id: string): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    this.total -= entry.bytes.byteLength;
    const studio = this.studios.get(entry.studioId);
    if (studio && --studio.count === 0) this.studios.delete(entry.studioId);
  }
}
