import { describe, expect, it } from "vitest";
import type { OrganizationSummary } from "../../lib/organizations-api.ts";
import { lastUsedFirst, organizationToEnter } from "./organization-choice.ts";

const org = (title: string, lastUsed = false): OrganizationSummary => ({
  id: `id-${title}`,
  title,
  role: "OWNER",
  last_used: lastUsed,
});

describe("the organization picker after signing in", () => {
  it("enters the only organization without asking", () => {
    expect(organizationToEnter({ organizations: [org("Cedar")], searchAll: false })).toBe("id-Cedar");
  });

  it("asks when there are several", () => {
    expect(organizationToEnter({ organizations: [org("Cedar"), org("Olive", true)], searchAll: false })).toBeNull();
  });

  it("asks someone with none (they sign out or create their company)", () => {
    expect(organizationToEnter({ organizations: [], searchAll: false })).toBeNull();
  });

  it("lets a platform admin choose, even with one organization of its own", () => {
    expect(organizationToEnter({ organizations: [org("Cedar")], searchAll: true })).toBeNull();
  });

  it("offers the organization last entered first, the rest in the server's order", () => {
    const listed = lastUsedFirst([org("Atlas"), org("Cedar"), org("Olive", true), org("Zaatar")]);
    expect(listed.map((organization) => organization.title)).toEqual(["Olive", "Atlas", "Cedar", "Zaatar"]);
  });

  it("keeps the server's order when none was entered before", () => {
    expect(lastUsedFirst([org("Atlas"), org("Cedar")]).map((organization) => organization.title)).toEqual([
      "Atlas",
      "Cedar",
    ]);
  });
});
