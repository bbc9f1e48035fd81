import { CrmBoardQuery, CrmBoardSchema } from "@studio/contracts";
import { crmBoardKey, getCrmBoard } from "@studio/domain";
import { webProcedure } from "../../trpc";
import { SerializedJson } from "../../rest/serialized-json";

/**
 * The board of a studio with 10,000 leads is ~4 MB of JSON: building, checking and serializing
 * it is ~100 ms of CPU (bench/crm-board.bench.ts). Its answers are kept serialized per process,
 * keyed by the studio's board version read in this request's caller lookup (crm-board-cache.ts):
 * a hit skips the board queries, the output check and the serialization. The cache step sits
 * after the input check and before the output check, so a miss is checked like any answer and the
 * bytes kept are those of the checked answer.
 */
export const getCrmBoardRoute = webProcedure
  .meta({
    openapi: {
      method: "GET",
      path: "/v1/web/crm/board",
      tags: ["crm"],
      summary: "Lead board: statuses, filtered leads, kpis and counts",
    },
  })
  .input(CrmBoardQuery)
  .use(async ({ ctx, input, next }) => {
    const key = crmBoardKey(ctx.scope, input);
    const cache = ctx.deps.caches?.crmBoard;
    if (!key || !cache) return next();
    let own: Awaited<ReturnType<typeof next>> | undefined;
    const bytes = await cache.answer(key.studioId, key.version, key.key, async () => {
      own = await next();
      if (!own.ok) throw own.error;
      return SerializedJson.of(own.data).bytes;
    });
    // The request whose build this was answers with its own result; the others share its bytes.
    const result = own ?? ({ ok: true, marker: "middlewareMarker" } as unknown as NonNullable<typeof own>);
    return { ...result, data: new SerializedJson(bytes) };
  })
  .output(CrmBoardSchema)
  .query(({ ctx, input }) => getCrmBoard(ctx.db, ctx.scope, input));
