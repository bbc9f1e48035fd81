import fc from "fast-check";

// Generated workout log entries for the exercise-bests tests (issue 30 item 2): the shapes the
// app stores and the odd ones old rows or direct writes may hold (numbers as strings, padded ids
// and names, values of the wrong type, sets without done), over few exercises so that records
// and ties happen.

const padded = (values: string[]) =>
  fc.constantFrom(...values.flatMap((v) => [v, ` ${v}`, `${v}\u00a0`, `\t${v}\n`, `\ufeff${v}\u3000`]));

const number = (values: number[]) => fc.constantFrom(...values);

/** A set: mostly done with numbers; sometimes strings, null, missing or another type. */
export const setArbitrary = fc.record(
  {
    done: fc.oneof(
      { weight: 8, arbitrary: fc.constant(true) },
      { weight: 1, arbitrary: fc.constantFrom(false, "true", 1, null) },
    ),
    weight: fc.oneof(
      { weight: 8, arbitrary: number([0, 20, 50, 50.5, 60, 60, 72.25, 100, 0.1 + 0.2, -5]) },
      { weight: 2, arbitrary: fc.constantFrom(null, true, [60]) },
      { weight: 1, arbitrary: fc.constantFrom("60", " 70 ", "abc", "", "1e2", "0x10") },
    ),
    reps: fc.oneof(
      { weight: 8, arbitrary: number([0, 1, 3, 5, 5, 8, 10, 12, 2.5, -1]) },
      { weight: 1, arbitrary: fc.constantFrom(null, false) },
      { weight: 1, arbitrary: fc.constantFrom("8", " 10", "") },
    ),
    targetReps: fc.oneof(
      { weight: 6, arbitrary: number([0, 5, 8, 10, 12]) },
      { weight: 3, arbitrary: fc.constant(null) },
      { weight: 1, arbitrary: fc.constantFrom("10", "x") },
    ),
  },
  { requiredKeys: ["done"] },
);

/** One log's entries: exercises matched by id, else name, with the odd entry that is not one. */
export const entriesArbitrary = fc.array(
  fc.oneof(
    {
      weight: 12,
      arbitrary: fc.record(
        {
          exerciseId: fc.oneof(padded(["ex-1", "ex-2"]), fc.constantFrom("", "  ", null, 7)),
          name: fc.oneof(padded(["Squat", "Bench", "Row"]), fc.constantFrom("", 3)),
          sets: fc.oneof(
            {
              weight: 9,
              arbitrary: fc.array(
                fc.oneof({ weight: 9, arbitrary: setArbitrary }, { weight: 1, arbitrary: fc.constant(5) }),
                { maxLength: 5 },
              ),
            },
            { weight: 1, arbitrary: fc.constantFrom(null, "sets", {}) },
          ),
        },
        { requiredKeys: ["name", "sets"] },
      ),
    },
    { weight: 1, arbitrary: fc.constantFrom(null, "entry", 4, [1]) },
  ),
  { maxLength: 6 },
);

/** Entries whose done sets carry only JSON numbers (what migration 0021 computes in SQL). */
export const numericEntriesArbitrary = entriesArbitrary.map((entries) =>
  entries.map((entry) =>
    typeof entry === "object" && entry !== null && !Array.isArray(entry) && Array.isArray(entry.sets)
      ? {
          ...entry,
          sets: entry.sets.map((set) =>
            typeof set === "object" && set !== null
              ? Object.fromEntries(
                  Object.entries(set).map(([k, v]) => [k, k !== "done" && typeof v === "string" ? 9 : v]),
                )
              : set,
          ),
        }
      : entry,
  ),
);
