import { describe, expect, it } from "vitest";
import { cleanReplacementIds, planDismissal, swapCoach } from "./dismissal-plan";

describe("dismissal plan (document 1 DELETE /v1/web/coaches/:id steps 2 and 4)", () => {
  it("replacement lists drop duplicates and the dismissed coach, keeping the caller's order", () => {
    expect(cleanReplacementIds(["b", "x", "a", "b"], "x")).toEqual(["b", "a"]);
    expect(cleanReplacementIds(["x", "x"], "x")).toEqual([]);
  });

  it("the dismissed coach is swapped in place, without duplicating a coach already listed", () => {
    expect(swapCoach(["a", "x", "b"], "x", "r")).toEqual(["a", "r", "b"]);
    expect(swapCoach(["b", "x"], "x", "b")).toEqual(["b"]);
    expect(swapCoach(["a", "x"], "x", null)).toEqual(["a"]);
  });

  it("tasks: round-robin by task index; a shared task keeps other assignees; with discard a task left with no assignee is discarded", () => {
    const tasks = [
      { id: "t0", coachIds: ["x"] },
      { id: "t1", coachIds: ["x", "a"] },
      { id: "t2", coachIds: ["x"] },
    ];
    const reassign = planDismissal({
      coachId: "x",
      tasks,
      trainees: [],
      taskReplacements: ["r1", "r2"],
      traineeReplacements: null,
    });
    expect(reassign.reassignedTasks).toEqual([
      { id: "t0", coachIds: ["r1"] },
      { id: "t1", coachIds: ["r2", "a"] },
      { id: "t2", coachIds: ["r1"] },
    ]);
    expect(reassign.counters).toMatchObject({ tasksReassigned: 3, tasksDiscarded: 0 });
    const discard = planDismissal({
      coachId: "x",
      tasks,
      trainees: [],
      taskReplacements: null,
      traineeReplacements: null,
    });
    expect(discard.discardedTaskIds).toEqual(["t0", "t2"]);
    expect(discard.reassignedTasks).toEqual([{ id: "t1", coachIds: ["a"] }]);
    expect(discard.counters).toMatchObject({ tasksReassigned: 1, tasksDiscarded: 2 });
  });

  it("trainees: the primary coach is kept when still listed, else the first remaining coach, else null", () => {
    const trainees = [
      { clientId: "c0", coachIds: ["a", "x"], primaryCoachId: "a" },
      { clientId: "c1", coachIds: ["x", "b"], primaryCoachId: "x" },
      { clientId: "c2", coachIds: ["x"], primaryCoachId: "x" },
    ];
    const unassign = planDismissal({
      coachId: "x",
      tasks: [],
      trainees,
      taskReplacements: null,
      traineeReplacements: null,
    });
    expect(unassign.trainees.map((t) => [t.coachIds, t.primaryCoachId, t.primaryChanged])).toEqual([
      [["a"], "a", false],
      [["b"], "b", true],
      [[], null, true],
    ]);
    expect(unassign.counters).toMatchObject({ clientsReassigned: 2, clientsUnassigned: 1 });
    const reassign = planDismissal({
      coachId: "x",
      tasks: [],
      trainees,
      taskReplacements: null,
      traineeReplacements: ["r", "b"],
    });
    expect(reassign.trainees.map((t) => [t.coachIds, t.primaryCoachId, t.addedCoachId])).toEqual([
      [["a", "r"], "a", "r"],
      [["b"], "b", null],
      [["r"], "r", "r"],
    ]);
    expect(reassign.counters).toMatchObject({ clientsReassigned: 3, clientsUnassigned: 0 });
  });
});
