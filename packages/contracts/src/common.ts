import { z } from "zod";
import { boundedDateTime, boundedId } from "./bounded";

export const CoachRoleSchema = z.enum(["HEAD_COACH", "SUB_COACH"]);
/** Roles a web-lane caller can carry in x-user-role. */
export const WebRoleSchema = z.enum(["OWNER", "HEAD_COACH", "SUB_COACH"]);
export type WebRole = z.infer<typeof WebRoleSchema>;

/** Path id: opaque string of 1 to 128 characters; an unknown or foreign id answers NOT_FOUND. */
export const IdParam = z.object({ id: boundedId() });

/** An ISO date-time with offset, in UTC years 1 to 9999. */
export const isoDateTime = boundedDateTime();
export const EmptyInput = z.object({}).strict().optional();
export const OkResult = z.object({ ok: z.literal(true) });
