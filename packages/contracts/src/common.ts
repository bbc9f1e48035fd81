import { z } from "zod";

export const CoachRoleSchema = z.enum(["HEAD_COACH", "SUB_COACH"]);
/** Roles a web-lane caller can carry in x-user-role. */
export const WebRoleSchema = z.enum(["OWNER", "HEAD_COACH", "SUB_COACH"]);
export type WebRole = z.infer<typeof WebRoleSchema>;

/** Path id: opaque string; an unknown or foreign id answers NOT_FOUND. */
export const IdParam = z.object({ id: z.string().min(1) });

export const isoDateTime = z.iso.datetime({ offset: true });
export const EmptyInput = z.object({}).strict().optional();
export const OkResult = z.object({ ok: z.literal(true) });
