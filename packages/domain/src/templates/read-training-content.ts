import type { TrainingContent } from "@studio/contracts";
import { normalizeTrainingContent } from "./normalize-training-content";

/**
 * The read path of stored training content of a non-file template or program (document 2
 * "Version 1 content ... is upgraded on read ... No stored migration"): version 1 content comes
 * back as schemaVersion 2; version 2 content, normalized when it was saved, comes back equal
 * (the normalizer is a fixed point). Nothing is written back.
 */
export function readTrainingContent(stored: unknown): TrainingContent {
  return normalizeTrainingContent(stored);
}
