import type { TContact } from "@shobai/shared";
import { describe, expect, it } from "vitest";
import { applyContactToList, applyStatusToCounts, type ContactListData } from "./contact-cache";

const c = (id: string, day: number, status: TContact["status"] = "new"): TContact => ({
  id,
  firstName: id,
  lastName: "",
  firstNameKana: "",
  lastNameKana: "",
  email: `${id}@example.jp`,
  company: "",
  companyKana: "",
  tags: [],
  customFields: {},
  phone: "",
  status,
  source: "manual",
  marketingConsent: "unknown",
  createdAt: `2025-01-${String(day).padStart(2, "0")}T00:00:00.000Z`,
  updatedAt: `2025-01-${String(day).padStart(2, "0")}T00:00:00.000Z`,
});

const list = (contacts: TContact[], total = contacts.length): ContactListData => ({
  pages: [{ contacts, total }],
  pageParams: [0],
});

describe("applyContactToList", () => {
  it("takes a contact out of a column it no longer belongs to", () => {
    const data = list([c("a", 3), c("b", 2)]);
    const next = applyContactToList(data, { q: "", status: "new" }, { ...c("a", 3), status: "active" });
    expect(next.pages[0]?.contacts.map((x) => x.id)).toEqual(["b"]);
    expect(next.pages[0]?.total).toBe(1);
  });

  it("slots it into its new column by date, newest first", () => {
    const data = list([c("x", 5, "active"), c("y", 1, "active")]);
    const next = applyContactToList(data, { q: "", status: "active" }, { ...c("a", 3), status: "active" });
    expect(next.pages[0]?.contacts.map((x) => x.id)).toEqual(["x", "a", "y"]);
    expect(next.pages[0]?.total).toBe(3);
  });

  it("replaces it in place where it still matches, and leaves unrelated lists alone", () => {
    const data = list([c("a", 3), c("b", 2)]);
    const moved = { ...c("a", 3), status: "active" as const };
    expect(applyContactToList(data, { q: "", status: "all" }, moved).pages[0]?.contacts[0]?.status).toBe(
      "active",
    );
    const other = list([c("z", 1, "closed")]);
    expect(applyContactToList(other, { q: "", status: "closed" }, moved)).toBe(other);
  });

  it("does not insert a contact older than every loaded one while more pages remain", () => {
    const data = list([c("x", 5, "active")], 10);
    const next = applyContactToList(data, { q: "", status: "active" }, { ...c("a", 1), status: "active" });
    expect(next.pages[0]?.contacts.map((x) => x.id)).toEqual(["x"]);
    expect(next.pages[0]?.total).toBe(11);
  });
});

describe("applyStatusToCounts", () => {
  it("moves one from a status to another", () => {
    const counts = { total: 3, byStatus: { new: 2, active: 1, qualified: 0, converted: 0, closed: 0 } };
    expect(applyStatusToCounts(counts, "new", "qualified").byStatus).toEqual({
      new: 1,
      active: 1,
      qualified: 1,
      converted: 0,
      closed: 0,
    });
  });
});
