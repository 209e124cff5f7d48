import { type TContactTag, ZContactDetail, ZContactTag } from "@shobai/shared";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { i18n } from "@/lib/i18n";
import { fakeApi } from "@/test/fake-api";
import { aContact, signIn } from "@/test/fixtures";
import { renderWithProviders } from "@/test/render";
import { ContactDrawer } from "./contact-drawer";

const sasaki = aContact({
  id: "c1",
  firstName: "花子",
  lastName: "佐々木",
  firstNameKana: "ハナコ",
  lastNameKana: "ササキ",
  email: "hanako@midori.example.jp",
  company: "株式会社みどり",
  tags: [{ id: "t1", name: "常連", color: "green" }],
});

function render(contact = sasaki) {
  signIn();
  let tags: TContactTag[] = contact.tags;
  fakeApi.get("/api/contacts/:id", ZContactDetail, () => ({ ...contact, tags, activities: [] }));
  fakeApi.put("/api/contacts/:id/tags", z.array(ZContactTag), ({ body }) => {
    tags = (body as { tags: string[] }).tags.map((name, i) => ({
      id: `t${i}`,
      name,
      color: "gray" as const,
    }));
    return tags;
  });
  renderWithProviders(
    <ContactDrawer contact={contact} open onClose={() => {}} demo={null} onStatusChange={() => {}} />,
    { path: "/crm" },
  );
}

beforeEach(async () => {
  await i18n.changeLanguage("ja");
});

describe("ContactDrawer", () => {
  it("shows the name with 様 and its reading; a Latin name in its own order", async () => {
    render();
    expect(await screen.findByTestId("crm-drawer-name")).toHaveTextContent("佐々木 花子 様");
    expect(screen.getByTestId("crm-drawer-kana")).toHaveTextContent("ササキ ハナコ");
  });

  it("keeps John Smith as John Smith", async () => {
    render(aContact({ id: "c2", firstName: "John", lastName: "Smith", email: "john@example.com" }));
    expect(await screen.findByTestId("crm-drawer-name")).toHaveTextContent("John Smith 様");
  });

  it("adds a new tag on the fly and removes one", async () => {
    const user = userEvent.setup();
    render();
    await screen.findByTestId("crm-drawer-tags");
    await user.type(screen.getByTestId("crm-tag-input"), "VIP{Enter}");
    await waitFor(() =>
      expect(fakeApi.calls("PUT", "/api/contacts/c1/tags")[0]?.body).toEqual({ tags: ["常連", "VIP"] }),
    );
    // The drawer shows what the server keeps; removing 常連 leaves VIP.
    await user.click(await screen.findByRole("button", { name: "タグ「常連」を外す" }));
    await waitFor(() =>
      expect(fakeApi.calls("PUT", "/api/contacts/c1/tags").at(-1)?.body).toEqual({ tags: ["VIP"] }),
    );
  });
});
