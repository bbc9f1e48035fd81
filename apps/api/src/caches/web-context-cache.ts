import { BoundedCache } from "./bounded-cache";

/** Per-process memory of the web context step (one instance per app). */
export class WebContextCache {
  readonly studioByOrganization = new BoundedCache<string, string>(10_000);
  /** studio:user pairs whose owner Coach row was ensured by this process. */
  readonly ownerCoachEnsured = new BoundedCache<string, true>(10_000);
  /** studio:user:role triples already synced to organization_members. */
  readonly memberSynced = new BoundedCache<string, true>(50_000);
  /** studio:user -> last lastActiveAt stamp attempt (epoch ms). */
  readonly activityStamped = new BoundedCache<string, number>(50_000);
}
