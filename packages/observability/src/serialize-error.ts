import { capString, safeString } from "./text";

/**
 * An error as a log line may show it. Never the SQL parameters (postgres.js `parameters`,
 * PGlite `params`, Drizzle's `params` and the parameter list in its message), never the
 * SQL text itself (only a query name: verb and first table), never PostgreSQL's `detail`,
 * `hint` or `where` (they quote row values), never a cause's extra properties.
 */
export interface SerializedError {
  name: string;
  message: string;
  /** SQLSTATE for database errors, the Node/driver code otherwise, the AppError code. */
  code?: string;
  /** "insert leads", "select clients": what ran, without its text or values. */
  query?: string;
  table?: string;
  constraint?: string;
  column?: string;
  /** Stack frames only (the first line of a stack repeats the message). */
  stack?: string;
  cause?: SerializedError;
}

const MAX_MESSAGE_CHARS = 512;
const MAX_STACK_FRAMES = 12;
const MAX_CAUSE_DEPTH = 3;

type ErrorLike = Record<string, unknown> & { message?: unknown; name?: unknown; stack?: unknown };

export function serializeError(error: unknown, depth = 0): SerializedError {
  if (typeof error !== "object" || error === null) {
    return { name: typeof error, message: safeString(String(error), MAX_MESSAGE_CHARS) };
  }
  const e = error as ErrorLike;
  const code = stringField(e.code, /^[A-Za-z0-9_.-]{1,64}$/);
  const sqlState = code && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
  const out: SerializedError = { name: errorName(e), message: errorMessage(e, sqlState) };
  if (code) out.code = code;
  const query = typeof e.query === "string" ? queryName(e.query) : undefined;
  if (query) out.query = query;
  const table = identifier(e.table_name ?? e.table);
  if (table) out.table = table;
  const constraint = identifier(e.constraint_name ?? e.constraint);
  if (constraint) out.constraint = constraint;
  const column = identifier(e.column_name ?? e.column);
  if (column) out.column = column;
  const stack = typeof e.stack === "string" ? stackFrames(e.stack) : undefined;
  if (stack) out.stack = stack;
  const cause = e.cause;
  if (cause !== undefined && cause !== null && cause !== error) {
    out.cause =
      depth < MAX_CAUSE_DEPTH ? serializeError(cause, depth + 1) : { name: "cause", message: "[too deep]" };
  }
  return out;
}

function errorName(e: ErrorLike): string {
  const name = typeof e.name === "string" ? e.name : "Error";
  // Drizzle's DrizzleQueryError keeps the name "Error"; its class name says more.
  const ctor = (e as { constructor?: { name?: unknown } }).constructor?.name;
  const better = name === "Error" && typeof ctor === "string" && ctor !== "Object" ? ctor : name;
  return capString(better, 100);
}

function errorMessage(e: ErrorLike, sqlState: string | undefined): string {
  let message = typeof e.message === "string" ? e.message : String(e.message ?? "");
  // An ORM wrapper's message is the whole SQL text and every parameter: say only what failed.
  if (isOrmQueryError(e)) return "failed query";
  // Data exceptions (class 22) quote the offending value: `invalid input syntax for type integer: "…"`.
  if (sqlState?.startsWith("22")) message = message.replace(/"(?:[^"\\]|\\.)*"/g, '"[value]"');
  return safeString(message, MAX_MESSAGE_CHARS);
}

function isOrmQueryError(e: ErrorLike): boolean {
  return (
    typeof e.message === "string" && e.message.startsWith("Failed query:") && ("params" in e || "query" in e)
  );
}

function stringField(value: unknown, pattern: RegExp): string | undefined {
  return typeof value === "string" && pattern.test(value) ? value : undefined;
}

function identifier(value: unknown): string | undefined {
  return stringField(value, /^[A-Za-z0-9_$.]{1,128}$/);
}

/** Frames only, at most MAX_STACK_FRAMES, each capped. */
function stackFrames(stack: string): string | undefined {
  const frames = stack
    .split("\n")
    .filter((line) => /^\s+at /.test(line))
    .slice(0, MAX_STACK_FRAMES)
    .map((line) => capString(line.trim(), 300));
  return frames.length ? frames.join("\n") : undefined;
}

const IDENT = String.raw`((?:"[^"]{1,63}"|[A-Za-z_][\w$]{0,62})(?:\.(?:"[^"]{1,63}"|[A-Za-z_][\w$]{0,62}))?)`;
const TABLE_AFTER: Record<string, RegExp> = {
  insert: new RegExp(String.raw`^insert\s+into\s+${IDENT}`, "i"),
  update: new RegExp(String.raw`^update\s+(?:only\s+)?${IDENT}`, "i"),
  delete: new RegExp(String.raw`^delete\s+from\s+(?:only\s+)?${IDENT}`, "i"),
  select: new RegExp(String.raw`\bfrom\s+${IDENT}`, "i"),
};

/**
 * A name for a SQL statement without its text: the verb and the first table it names
 * (`insert leads`, `select "pgboss"."job"` → `select pgboss.job`). Never values: literals in
 * raw SQL would otherwise reach the log.
 */
export function queryName(sql: string): string | undefined {
  const text = sql
    .slice(0, 4096)
    .replace(/--[^\n]*\n/g, " ")
    .replace(/\/\*[\s\S]*?\*\//g, " ")
    .trim();
  const verbMatch = /^[A-Za-z]+/.exec(text);
  if (!verbMatch) return undefined;
  const verb = verbMatch[0].toLowerCase();
  const pattern = TABLE_AFTER[verb] ?? TABLE_AFTER.select;
  const table = verb === "with" || TABLE_AFTER[verb] ? pattern!.exec(text)?.[1] : undefined;
  return table ? `${verb} ${table.replace(/"/g, "")}` : verb;
}
