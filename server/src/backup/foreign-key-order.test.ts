import { describe, expect, it } from "vitest";
import { foreignKeyOrder } from "./foreign-key-order.ts";

describe("the order rows are copied in", () => {
  it("puts every parent before its children, ties in name order", () => {
    const order = foreignKeyOrder(
      ["shifts", "memberships", "users", "organizations", "audit_log"],
      [
        { child: "memberships", parent: "users" },
        { child: "memberships", parent: "organizations" },
        { child: "shifts", parent: "memberships" },
      ],
    );
    expect(order).toEqual(["audit_log", "organizations", "users", "memberships", "shifts"]);
  });

  it("lets a table name itself (its rows go in one statement)", () => {
    expect(foreignKeyOrder(["requests", "users"], [{ child: "requests", parent: "requests" }])).toEqual([
      "requests",
      "users",
    ]);
  });

  it("refuses a cycle between tables, naming them", () => {
    expect(() =>
      foreignKeyOrder(
        ["a", "b"],
        [
          { child: "a", parent: "b" },
          { child: "b", parent: "a" },
        ],
      ),
    ).toThrow(/a, b form a cycle/);
  });
});
