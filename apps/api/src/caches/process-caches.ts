import { AppAccessCache } from "./app-access-cache";
import { CrmBoardCache } from "./crm-board-cache";

/**
 * What one API process remembers between requests and reaches from inside a procedure (the
 * lane guard's own caches live in its closure). Built once per process by createApp; nothing of
 * it is shared with another process, so every entry has a stated lifetime (docs/decisions/testing.md
 * "Replica mode").
 */
export interface ProcessCaches {
  appAccess: AppAccessCache;
  /** Serialized CRM board answers, keyed by the studio's board version (crm-board-cache.ts). */
  crmBoard: CrmBoardCache;
}

export const createProcessCaches = (now: () => number): ProcessCaches => ({
  appAccess: new AppAccessCache(now),
  crmBoard: new CrmBoardCache(),
});
