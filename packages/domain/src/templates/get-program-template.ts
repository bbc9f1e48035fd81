import type { Template } from "@studio/contracts";
import type { Db } from "@studio/db";
import { notFound } from "../errors";
import type { StudioScope } from "../scope";
import { findProgramTemplate } from "./program-template-record";

/** GET /v1/web/program-templates/:id; NOT_FOUND "program template not found". */
export async function getProgramTemplate(
  db: Db,
  scope: StudioScope,
  input: { id: string },
): Promise<Template> {
  const template = await findProgramTemplate(db, scope, input.id);
  if (!template) throw notFound("program template");
  return template;
}
