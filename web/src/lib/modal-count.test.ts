import { describe, expect, it } from "vitest";
import { createModalCounter, type ScrollLockTarget } from "./modal-count.ts";

const body = (): ScrollLockTarget => ({ style: { overflow: "", paddingInlineEnd: "" } });

describe("the open-modal count", () => {
  it("locks the page while a modal is open", () => {
    const target = body();
    const counter = createModalCounter(() => target);
    expect(counter.increment()).toBe(1);
    expect(target.style.overflow).toBe("hidden");
    expect(counter.decrement()).toBe(0);
    expect(target.style.overflow).toBe("");
  });

  it("keeps the page locked until the last of nested modals closes", () => {
    const target = body();
    const counter = createModalCounter(() => target);
    counter.increment(); // the settings sheet
    counter.increment(); // its discard dialog
    expect(counter.decrement()).toBe(1);
    expect(target.style.overflow).toBe("hidden");
    expect(counter.decrement()).toBe(0);
    expect(target.style.overflow).toBe("");
  });

  it("never counts below zero", () => {
    const target = body();
    const counter = createModalCounter(() => target);
    expect(counter.decrement()).toBe(0);
    expect(counter.increment()).toBe(1);
    expect(target.style.overflow).toBe("hidden");
  });

  it("restores what the page had before, and makes room for the scrollbar that went away", () => {
    const target = { style: { overflow: "auto", paddingInlineEnd: "2px" } };
    const counter = createModalCounter(
      () => target,
      () => 15,
    );
    counter.increment();
    expect(target.style).toEqual({ overflow: "hidden", paddingInlineEnd: "15px" });
    counter.decrement();
    expect(target.style).toEqual({ overflow: "auto", paddingInlineEnd: "2px" });
  });

  it("works without a page (nothing to lock)", () => {
    const counter = createModalCounter(() => undefined);
    expect(counter.increment()).toBe(1);
    expect(counter.decrement()).toBe(0);
  });
});
