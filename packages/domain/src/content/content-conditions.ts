import { and, eq, or, sql, type SQL } from "drizzle-orm";
import { contentItems, contentUnlocks, homeBanners } from "@studio/db";
import { col } from "./content-record";
import type { TraineeScope } from "../scope";

/** An item of the studio; another studio's id matches nothing, exactly like a missing one. */
export const contentItemOf = (studioId: string, id: string) =>
  and(eq(contentItems.id, id), eq(contentItems.studioId, studioId))!;

/** This trainee holds an unlock row for the item (any source). */
const unlockedFor = (scope: TraineeScope) =>
  sql`exists (select 1 from ${contentUnlocks} where ${col(contentUnlocks.contentId)} = ${col(contentItems.id)}
    and ${col(contentUnlocks.clientId)} = ${scope.actor.clientId} and ${col(contentUnlocks.studioId)} = ${scope.studioId})`;

/** The restricted check of document 2: not restricted, or unlocked for this trainee. */
const passesRestriction = (scope: TraineeScope) =>
  or(eq(contentItems.isRestricted, false), unlockedFor(scope))!;

/** The studio's live home banner points at the item (document 2's exception to isPublished). */
const linkedFromLiveBanner = sql`exists (select 1 from ${homeBanners} where ${col(homeBanners.studioId)} = ${col(contentItems.studioId)}
  and ${col(homeBanners.isLive)} = true and ${col(homeBanners.contentId)} = ${col(contentItems.id)})`;

/**
 * Document 2 "Visibility to trainees" for lists: the trainee's studio, published, and not
 * restricted or unlocked for this trainee.
 */
export const visibleInTraineeList = (scope: TraineeScope): SQL =>
  and(
    eq(contentItems.studioId, scope.studioId),
    eq(contentItems.isPublished, true),
    passesRestriction(scope),
  )!;

/**
 * One item by id: as in lists, except that the item of the studio's live home banner opens
 * even when unpublished; the restricted check still applies.
 */
export const visibleByIdToTrainee = (scope: TraineeScope, id: string): SQL =>
  and(
    contentItemOf(scope.studioId, id),
    or(eq(contentItems.isPublished, true), linkedFromLiveBanner),
    passesRestriction(scope),
  )!;

/**
 * The item of the studio's live home banner as the trainee may open it (the by-id rule with the
 * banner's exception to isPublished): the restricted check still applies.
 */
export const liveBannerItemOf = (scope: TraineeScope): SQL =>
  and(eq(contentItems.studioId, scope.studioId), linkedFromLiveBanner, passesRestriction(scope))!;
