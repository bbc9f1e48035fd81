import { describe, expect, it } from "vitest";
import { v8FlagsFor } from "./runtime-flags";

describe("V8 flags of the API process", () => {
  it("the embedded database runs its WebAssembly on the baseline compiler only", () => {
    expect(v8FlagsFor({ databaseUrl: undefined })).toEqual(["--liftoff-only"]);
  });

  it("with PostgreSQL nothing is set", () => {
    expect(v8FlagsFor({ databaseUrl: "postgres://127.0.0.1:5432/studio" })).toEqual([]);
  });
});
