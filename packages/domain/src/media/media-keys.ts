import { randomUUID } from "node:crypto";
import { MEDIA_SCOPES, type MediaContentType, type MediaScope } from "@studio/contracts";
import { forbidden } from "../errors";
import { MEDIA_EXTENSIONS } from "./media-types";

/**
 * Object keys (docs/decisions/storage-and-media.md "Media uploads"):
 *
 *   studios/<internal studio id>/<scope>/[auto-thumb-]<uuid>.<extension>
 *
 * The prefix `studios/<studio id>/<scope>/` is the studio's scope prefix; the file name is one
 * segment of letters, digits, dot, underscore and hyphen, never starting with a dot.
 */
export const AUTO_THUMBNAIL_PREFIX = "auto-thumb-";

export const mediaScopePrefix = (studioId: string, scope: MediaScope): string =>
  `studios/${studioId}/${scope}/`;

/** A fresh key for an upload of this studio. */
export function newMediaKey(input: {
  studioId: string;
  scope: MediaScope;
  contentType: MediaContentType;
  variant?: string | null;
  /** Tests pass a fixed id. */
  id?: string;
}): string {
  const prefix = input.variant === "auto-thumbnail" ? AUTO_THUMBNAIL_PREFIX : "";
  return `${mediaScopePrefix(input.studioId, input.scope)}${prefix}${input.id ?? randomUUID()}.${MEDIA_EXTENSIONS[input.contentType]}`;
}

const FILE_NAME = /^[A-Za-z0-9._-]+$/;

/** Whether a caller-given key lies under one of the studio's scope prefixes with a safe file name. */
export function isStudioMediaKey(studioId: string, key: string): boolean {
  for (const scope of MEDIA_SCOPES) {
    const prefix = mediaScopePrefix(studioId, scope);
    if (!key.startsWith(prefix)) continue;
    const fileName = key.slice(prefix.length);
    return FILE_NAME.test(fileName) && !fileName.startsWith(".");
  }
  return false;
}

/** Multipart keys are caller controlled (document 2): refuse any other studio's or an unsafe one. */
export function assertStudioMediaKey(studioId: string, key: string): void {
  if (!isStudioMediaKey(studioId, key)) throw forbidden("media key does not belong to this studio");
}
