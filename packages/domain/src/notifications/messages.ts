import { randomUUID } from "node:crypto";
import { z } from "zod";
import {
  MAX_REMINDER_OFFSET_DAYS,
  MessageFormTypeSchema,
  MessageOpensSchema,
  MIN_REMINDER_OFFSET_DAYS,
  SEND_TIME_PATTERN,
  type FieldIssue,
  type MessageKind,
  type NotificationMessage,
  type NotificationMessageInputValue,
  type NotificationType,
} from "@studio/contracts";
import { AppError } from "../errors";
import { catalogueEntry, codeDefaults, maxMessagesOf, type NotificationConfigValues } from "./catalogue";

// Message kinds of document 1: how stored messages are read, how a PUT body is normalized,
// and how titleTemplate/bodyTemplate/sendTime stay in step with the first message.

const wallTime = z.string().regex(SEND_TIME_PATTERN);
const storedBase = {
  id: z.string().min(1),
  enabled: z.boolean(),
  title: z.string().min(1),
  subtitle: z.string(),
};
// A stored message may have no formType (document 1 "Preference groups": "ALL or none"); it then
// counts as ALL when a form push picks its message and when the groups a trainee sees are listed.
const StoredFormSentMessage = z.object({ ...storedBase, formType: MessageFormTypeSchema.optional() });
const StoredReminder = z.object({
  ...storedBase,
  formType: MessageFormTypeSchema.optional(),
  offsetDays: z.number().int().min(MIN_REMINDER_OFFSET_DAYS).max(MAX_REMINDER_OFFSET_DAYS),
  time: wallTime,
  onlyIfNotFilled: z.boolean(),
  opens: MessageOpensSchema,
});

/**
 * Stored messages of a multi-message kind, or null when they are missing, empty or
 * unparsable (the type defaults then apply).
 */
export function parseStoredMessages(kind: MessageKind, stored: unknown): NotificationMessage[] | null {
  if (kind === "single") return null;
  const item = kind === "formSent" ? StoredFormSentMessage : StoredReminder;
  const parsed = z.array(item).min(1).max(maxMessagesOf(kind)).safeParse(stored);
  if (!parsed.success) return null;
  if (new Set(parsed.data.map((m) => m.id)).size !== parsed.data.length) return null;
  return parsed.data;
}

/**
 * The messages a type really uses: single kinds have one message with id default built from
 * the templates; multi-message kinds use the stored list, else the type defaults.
 */
export function effectiveMessages(
  type: NotificationType,
  values: Pick<NotificationConfigValues, "titleTemplate" | "bodyTemplate" | "messages">,
): NotificationMessage[] {
  const { kind } = catalogueEntry(type);
  if (kind === "single")
    return [{ id: "default", enabled: true, title: values.titleTemplate, subtitle: values.bodyTemplate }];
  return parseStoredMessages(kind, values.messages) ?? codeDefaults(type).messages!;
}

/** A row's values with messages read per kind (defaults when unusable, null for single kinds). */
export function normalizeStoredValues(
  type: NotificationType,
  values: NotificationConfigValues,
): NotificationConfigValues {
  const { kind } = catalogueEntry(type);
  return { ...values, messages: kind === "single" ? null : effectiveMessages(type, values) };
}

/**
 * PATCH rule for FORM_SENT and FORM_REMINDERS: the first stored message agrees with the row —
 * title ← titleTemplate, subtitle ← bodyTemplate, time ← sendTime when it already has a time.
 */
export function rewriteFirstMessage(
  messages: NotificationMessage[],
  values: Pick<NotificationConfigValues, "titleTemplate" | "bodyTemplate" | "sendTime">,
): NotificationMessage[] {
  return messages.map((m, i) => {
    if (i > 0) return { ...m };
    const first: NotificationMessage = { ...m, title: values.titleTemplate, subtitle: values.bodyTemplate };
    if (m.time !== undefined) first.time = values.sendTime;
    return first;
  });
}

/** Title rule: line breaks collapse to a space, then trimmed. */
export const normalizeTitle = (title: string) => title.replace(/\s*[\r\n]\s*/g, " ").trim();

class IssueList {
  readonly issues: FieldIssue[] = [];
  add(path: string, message: string) {
    this.issues.push({ path, message, code: "custom" });
  }
  throwIfAny() {
    const first = this.issues[0];
    if (first) throw new AppError("VALIDATION", `${first.path}: ${first.message}`, { issues: this.issues });
  }
}

/**
 * Normalization of PUT /v1/web/studio/notification-settings/:type messages (document 1):
 * per-kind maximum, titles, unique ids, kind fields, reminder rules and order.
 * Throws VALIDATION with every issue found.
 */
export function normalizeSettingMessages(
  kind: MessageKind,
  inputs: readonly NotificationMessageInputValue[],
  newId: () => string = randomUUID,
): NotificationMessage[] {
  const issues = new IssueList();
  const max = maxMessagesOf(kind);
  if (inputs.length > max) {
    issues.add("messages", `at most ${max} message${max === 1 ? "" : "s"} for this type`);
    issues.throwIfAny();
  }

  const seen = new Set<string>();
  inputs.forEach((m, i) => {
    if (kind === "single" || m.id === undefined) return;
    if (seen.has(m.id)) issues.add(`messages.${i}.id`, "ids must be unique");
    seen.add(m.id);
  });

  const out: NotificationMessage[] = inputs.map((m, i) => {
    const title = normalizeTitle(m.title);
    if (!title) issues.add(`messages.${i}.title`, "title must not be empty");
    const subtitle = (m.subtitle ?? "").trim();
    if (kind === "single") return { id: "default", enabled: true, title, subtitle };

    const id = m.id ?? newId();
    const enabled = m.enabled ?? true;
    if (kind === "formSent") return { id, enabled, title, subtitle, formType: m.formType ?? "ALL" };

    const formType = m.formType ?? "CHECK_IN";
    const offsetDays = m.offsetDays;
    if (offsetDays === undefined) issues.add(`messages.${i}.offsetDays`, "offsetDays is required");
    else if (!Number.isInteger(offsetDays))
      issues.add(`messages.${i}.offsetDays`, "offsetDays must be an integer");
    else if (offsetDays < MIN_REMINDER_OFFSET_DAYS || offsetDays > MAX_REMINDER_OFFSET_DAYS) {
      issues.add(
        `messages.${i}.offsetDays`,
        `offsetDays must be from ${MIN_REMINDER_OFFSET_DAYS} to ${MAX_REMINDER_OFFSET_DAYS}`,
      );
    } else if (offsetDays < 0 && formType !== "CHECK_IN") {
      issues.add(`messages.${i}.offsetDays`, "a negative offset is allowed only for CHECK_IN");
    }
    if (m.time === undefined) issues.add(`messages.${i}.time`, "time is required");
    else if (!SEND_TIME_PATTERN.test(m.time))
      issues.add(`messages.${i}.time`, "time must be HH:MM (24 hour)");
    const offset = offsetDays ?? 0;
    return {
      id,
      enabled,
      title,
      subtitle,
      formType,
      offsetDays: offset,
      time: m.time ?? "",
      onlyIfNotFilled: offset < 0 ? false : (m.onlyIfNotFilled ?? true),
      opens: m.opens ?? "form",
    };
  });
  issues.throwIfAny();

  if (kind === "formReminders") {
    // Array.prototype.sort is stable: equal offset and time keep the sent order.
    out.sort((a, b) => a.offsetDays! - b.offsetDays! || (a.time! < b.time! ? -1 : a.time! > b.time! ? 1 : 0));
  }
  return out;
}

/**
 * The row values a PUT produces: titleTemplate, bodyTemplate and sendTime follow the first
 * message (sendTime only when it has a time); messages are stored only for multi-message kinds.
 */
export function settingValuesFrom(
  kind: MessageKind,
  input: { enabled: boolean; sound: boolean; messages: NotificationMessage[] },
  current: Pick<NotificationConfigValues, "sendTime">,
): NotificationConfigValues {
  const first = input.messages[0]!;
  return {
    enabled: input.enabled,
    sound: input.sound,
    titleTemplate: first.title,
    bodyTemplate: first.subtitle,
    sendTime: first.time ?? current.sendTime,
    messages: kind === "single" ? null : input.messages,
  };
}
