import { describe, expect, it } from "vitest";
import { ADAM, BAR, shift, ZOE } from "./board-fixtures.test-support.ts";
import {
  emptyUndoStack,
  isUndoPress,
  latestUndo,
  pushUndo,
  rebaseUndo,
  UNDO_WINDOW_MS,
  type UndoStep,
  undoWrites,
  withoutUndo,
} from "./board-undo.ts";

describe("the board's undo stack", () => {
  const copy = (): UndoStep => ({ kind: "copy", created: [shift()] });

  it("takes back the newest step first, each for a few seconds after it was done", () => {
    let stack = emptyUndoStack;
    const first = pushUndo(stack, copy(), 1000);
    stack = first.stack;
    const second = pushUndo(stack, copy(), 3000);
    stack = second.stack;
    expect(latestUndo(stack, 3500)?.id).toBe(second.id);
    stack = withoutUndo(stack, second.id);
    expect(latestUndo(stack, 3500)?.id).toBe(first.id);
  });

  it("has nothing to take back once a step's time has passed", () => {
    const { stack } = pushUndo(emptyUndoStack, copy(), 1000);
    expect(latestUndo(stack, 1000 + UNDO_WINDOW_MS - 1)).not.toBeNull();
    expect(latestUndo(stack, 1000 + UNDO_WINDOW_MS)).toBeNull();
    expect(latestUndo(emptyUndoStack, 0)).toBeNull();
  });

  it("takes a step back once: after it, the one before is next", () => {
    let stack = emptyUndoStack;
    stack = pushUndo(stack, copy(), 0).stack;
    const late = pushUndo(stack, copy(), 5000);
    expect(latestUndo(late.stack, 7000)?.id).toBe(late.id);
    const after = withoutUndo(late.stack, late.id);
    expect(latestUndo(after, 7000)?.id).toBe(1);
    expect(latestUndo(withoutUndo(after, 1), 7000)).toBeNull();
  });

  it("keeps a bounded number of steps, dropping the oldest", () => {
    let stack = emptyUndoStack;
    for (let i = 0; i < 50; i++) stack = pushUndo(stack, copy(), i).stack;
    expect(stack.entries.length).toBe(20);
    expect(stack.entries[0]?.id).toBe(31);
  });
});

describe("the writes that take a step back", () => {
  it("moves a shift back to its person, job and times, naming the version the move saved", () => {
    const before = shift({ user_id: ZOE, starts_at: "2026-03-24T08:00:00.000Z", ends_at: "2026-03-24T16:00:00.000Z" });
    const after = {
      ...before,
      user_id: ADAM,
      job_id: BAR,
      starts_at: "2026-03-25T08:00:00.000Z",
      ends_at: "2026-03-25T16:00:00.000Z",
      version: 2,
    };
    expect(undoWrites({ kind: "move", before, after })).toEqual([
      {
        op: "update",
        id: before.id,
        body: {
          version: 2,
          user_id: ZOE,
          job_id: before.job_id,
          starts_at: before.starts_at,
          ends_at: before.ends_at,
        },
      },
    ]);
  });

  it("sends only what the move changed (a person moved on the same day keeps its times)", () => {
    const before = shift({ user_id: ZOE });
    const after = { ...before, user_id: ADAM, version: 4 };
    expect(undoWrites({ kind: "move", before, after })).toEqual([
      { op: "update", id: before.id, body: { version: 4, user_id: ZOE } },
    ]);
  });

  it("deletes the copies made, naming their versions", () => {
    const a = shift({ version: 1 });
    const b = shift({ version: 3 });
    expect(undoWrites({ kind: "copy", created: [a, b] })).toEqual([
      { op: "delete", id: a.id, version: 1 },
      { op: "delete", id: b.id, version: 3 },
    ]);
  });

  it("makes a deleted draft again with the same fields, and restores a published shift waiting for removal", () => {
    const draft = shift({ note: "Keys at the desk", break_minutes: 15 });
    const published = shift({ status: "published", version: 2 });
    const alreadyMarked = shift({ status: "deleted", version: 5 });
    expect(undoWrites({ kind: "delete", shifts: [draft, published, alreadyMarked] })).toEqual([
      {
        op: "create",
        replaces: draft.id,
        body: {
          board_id: draft.board_id,
          user_id: draft.user_id,
          job_id: draft.job_id,
          starts_at: draft.starts_at,
          ends_at: draft.ends_at,
          break_minutes: 15,
          note: "Keys at the desk",
        },
      },
      // Marking it for removal counted one version.
      { op: "restore", id: published.id, version: 3 },
    ]);
  });
});

describe("the steps left once one is taken back", () => {
  const monday = { starts_at: "2026-03-23T08:00:00.000Z", ends_at: "2026-03-23T16:00:00.000Z" };
  const tuesday = { starts_at: "2026-03-24T08:00:00.000Z", ends_at: "2026-03-24T16:00:00.000Z" };
  const wednesday = { starts_at: "2026-03-25T08:00:00.000Z", ends_at: "2026-03-25T16:00:00.000Z" };

  it("a shift moved twice goes back twice: the first move names the version the second's undo saved", () => {
    const onMonday = shift({ ...monday, version: 1 });
    const onTuesday = { ...onMonday, ...tuesday, version: 2 };
    const onWednesday = { ...onMonday, ...wednesday, version: 3 };
    let stack = pushUndo(emptyUndoStack, { kind: "move", before: onMonday, after: onTuesday }, 0).stack;
    const second = pushUndo(stack, { kind: "move", before: onTuesday, after: onWednesday }, 1);
    // Taking back the second move puts the shift on Tuesday again, as version 4.
    stack = rebaseUndo(withoutUndo(second.stack, second.id), onMonday.id, { ...onTuesday, version: 4 });
    const first = latestUndo(stack, 2);
    expect(first && undoWrites(first.step)).toEqual([
      { op: "update", id: onMonday.id, body: { version: 4, starts_at: monday.starts_at, ends_at: monday.ends_at } },
    ]);
  });

  it("a draft moved then deleted goes back under the id it was made again with", () => {
    const onMonday = shift({ ...monday, version: 1 });
    const onTuesday = { ...onMonday, ...tuesday, version: 2 };
    const stack = pushUndo(emptyUndoStack, { kind: "move", before: onMonday, after: onTuesday }, 0).stack;
    const madeAgain = { ...onTuesday, id: "00000000-0000-4000-8000-0000000000d9", version: 1 };
    const first = latestUndo(rebaseUndo(stack, onMonday.id, madeAgain), 1);
    expect(first && undoWrites(first.step)).toEqual([
      { op: "update", id: madeAgain.id, body: { version: 1, starts_at: monday.starts_at, ends_at: monday.ends_at } },
    ]);
  });

  it("a copy moved and moved back is deleted at its new version", () => {
    const copyMade = shift({ ...monday, version: 1 });
    const stack = pushUndo(emptyUndoStack, { kind: "copy", created: [copyMade] }, 0).stack;
    const first = latestUndo(rebaseUndo(stack, copyMade.id, { ...copyMade, version: 3 }), 1);
    expect(first && undoWrites(first.step)).toEqual([{ op: "delete", id: copyMade.id, version: 3 }]);
  });

  it("a step that saw the shift elsewhere keeps what it saw, so a change since is still refused", () => {
    const onMonday = shift({ ...monday, version: 1 });
    const onTuesday = { ...onMonday, ...tuesday, version: 2 };
    const stack = pushUndo(emptyUndoStack, { kind: "move", before: onMonday, after: onTuesday }, 0).stack;
    const elsewhere = rebaseUndo(stack, onMonday.id, { ...onMonday, ...wednesday, version: 5 });
    expect(elsewhere).toEqual(stack);
    const otherShift = rebaseUndo(stack, "00000000-0000-4000-8000-0000000000d8", { ...onTuesday, version: 7 });
    expect(otherShift).toEqual(stack);
  });
});

describe("the undo key", () => {
  const press = (key: string, mods: Partial<Record<"altKey" | "ctrlKey" | "metaKey" | "shiftKey", boolean>>) => ({
    key,
    altKey: false,
    ctrlKey: false,
    metaKey: false,
    shiftKey: false,
    ...mods,
  });

  it("is Ctrl+Z or Cmd+Z, whatever the keyboard's case", () => {
    expect(isUndoPress(press("z", { ctrlKey: true }))).toBe(true);
    expect(isUndoPress(press("z", { metaKey: true }))).toBe(true);
    expect(isUndoPress(press("Z", { ctrlKey: true }))).toBe(true);
  });

  it("is not Z alone, nor Ctrl+Shift+Z (redo elsewhere), nor Ctrl+Alt+Z", () => {
    expect(isUndoPress(press("z", {}))).toBe(false);
    expect(isUndoPress(press("z", { ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(isUndoPress(press("z", { ctrlKey: true, altKey: true }))).toBe(false);
  });
});
