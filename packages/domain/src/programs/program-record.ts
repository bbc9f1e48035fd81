import type { Program, ProgramStatus, ProgramType } from "@studio/contracts";
import type { programs } from "@studio/db";

export type ProgramRow = typeof programs.$inferSelect;

/** The answer's shape of a stored program. */
export function toProgram(row: ProgramRow): Program {
  return {
    id: row.id,
    clientId: row.clientId,
    type: row.type as ProgramType,
    name: row.name,
    displayName: row.displayName,
    content: (row.content ?? {}) as Record<string, unknown>,
    pdfUrl: row.pdfUrl,
    sourceTemplateId: row.sourceTemplateId,
    status: row.status as ProgramStatus,
    startDate: row.startDate,
    releasePending: row.releasePending,
    releaseResponseId: row.releaseResponseId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
