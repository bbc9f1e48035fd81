import type { ContentType } from "@studio/contracts";
import { fieldError } from "./content-references";

/**
 * Document 2 "Content item": otherLabel is required and non-blank when type is other, mediaUrl
 * when type is link. Checked on the record as it is after a create or a patch.
 */
export function checkContentRules(record: {
  type: ContentType;
  otherLabel: string | null;
  mediaUrl: string | null;
}): void {
  if (record.type === "other" && !record.otherLabel?.trim())
    throw fieldError("otherLabel", "otherLabel required when type is other");
  if (record.type === "link" && !record.mediaUrl?.trim())
    throw fieldError("mediaUrl", "mediaUrl required when type is link");
}
