import { type TContactTag, ZContact, ZContactDetail, ZContactField, ZContactTag } from "@shobai/shared";
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
  fakeApi.get("/api/contact-fields", z.array(ZContactField), () => [
    { id: "f1", label: "来店回数", type: "number", options: [] },
    { id: "f2", label: "席", type: "select", options: ["カウンター", "個室"] },
  ]);
  fakeApi.patch("/api/contacts/:id", ZContact, ({ body }) => ({
    ...contact,
    customFields: (body as { customFields: Record<string, string | number> }).customFields,
  }));
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

  it("edits custom values by the field's kind and sends only what changed", async () => {
    const user = userEvent.setup();
    render();
    const visits = await screen.findByLabelText("来店回数");
    await user.type(visits, "12");
    await user.selectOptions(screen.getByLabelText("席"), "個室");
    await user.click(screen.getByRole("button", { name: "保存" }));
    await waitFor(() =>
      expect(fakeApi.calls("PATCH", "/api/contacts/c1")[0]?.body).toEqual({
        customFields: { f1: 12, f2: "個室" },
      }),
    );
  });
});
