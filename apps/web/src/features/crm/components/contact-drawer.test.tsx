import {
  type TContactActivity,
  type TContactTag,
  type TContactTask,
  ZContact,
  ZContactActivity,
  ZContactDetail,
  ZContactField,
  ZContactTag,
  ZContactTask,
  ZEmailResult,
} from "@shobai/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { i18n } from "@/lib/i18n";
import { apiError, fakeApi } from "@/test/fake-api";
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

function render(contact = sasaki, activities: TContactActivity[] = [], duplicates = [] as (typeof sasaki)[]) {
  signIn();
  let tasks: TContactTask[] = [];
  fakeApi.get("/api/contacts/:id/tasks", z.array(ZContactTask), () => tasks);
  fakeApi.post(
    "/api/contacts/:id/tasks",
    ZContactTask,
    ({ body }) => {
      const input = body as { title: string; dueOn: string };
      const task = {
        id: `k${tasks.length + 1}`,
        contactId: contact.id,
        ...input,
        done: false,
        doneAt: null,
        createdAt: new Date().toISOString(),
      };
      tasks = [...tasks, task];
      return task;
    },
    { status: 201 },
  );
  fakeApi.get("/api/contacts/:id/duplicates", z.array(ZContact), () => duplicates);
  fakeApi.post("/api/contacts/:id/reply", ZEmailResult, () => ({ success: true, message: "sent" }));
  fakeApi.post("/api/contacts/:id/merge", ZContactDetail, () => ({ ...contact, activities: [] }));
  let tags: TContactTag[] = contact.tags;
  fakeApi.get("/api/contact-fields", z.array(ZContactField), () => [
    { id: "f1", label: "来店回数", type: "number", options: [] },
    { id: "f2", label: "席", type: "select", options: ["カウンター", "個室"] },
  ]);
  fakeApi.patch("/api/contacts/:id", ZContact, ({ body }) => ({
    ...contact,
    customFields: (body as { customFields: Record<string, string | number> }).customFields,
  }));
  fakeApi.get("/api/contacts/:id", ZContactDetail, () => ({ ...contact, tags, activities }));
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

  it("says a refused tag beside the field, which keeps the name and the focus; an added tag is announced", async () => {
    const user = userEvent.setup();
    render();
    let attempts = 0;
    fakeApi.put("/api/contacts/:id/tags", z.array(ZContactTag), ({ body }) => {
      attempts += 1;
      if (attempts === 1)
        return apiError(400, "validation_error", "at most 20 tags", [
          { path: "tags", code: "too_big", message: "at most 20 tags" },
        ]);
      return (body as { tags: string[] }).tags.map((name, i) => ({
        id: `t${i}`,
        name,
        color: "gray" as const,
      }));
    });
    const input = await screen.findByTestId("crm-tag-input");
    await user.type(input, "VIP{Enter}");
    const error = await screen.findByTestId("crm-tag-error");
    expect(error).toHaveTextContent(i18n.t("crm:tags.tooMany", { max: 20 }));
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toHaveAccessibleDescription(i18n.t("crm:tags.tooMany", { max: 20 }));
    expect(input).toHaveValue("VIP");
    expect(input).toHaveFocus();
    await user.type(input, "{Enter}");
    expect(await screen.findByTestId("crm-tag-done")).toHaveTextContent("タグ「VIP」を追加しました");
    expect(screen.getByTestId("crm-tag-done")).toHaveAttribute("role", "status");
    expect(input).toHaveValue("");
    expect(input).toHaveFocus();
    expect(input).not.toHaveAttribute("aria-invalid");
  });

  it("says a refused custom value beside its field and focuses it; a save is confirmed and focused", async () => {
    const user = userEvent.setup();
    render();
    let attempts = 0;
    fakeApi.patch("/api/contacts/:id", ZContact, ({ body }) => {
      attempts += 1;
      if (attempts === 1)
        return apiError(400, "validation_error", "must be a valid select", [
          { path: "customFields.f2", code: "custom", message: "must be a valid select" },
        ]);
      return {
        ...sasaki,
        customFields: (body as { customFields: Record<string, string | number> }).customFields,
      };
    });
    const visits = await screen.findByLabelText("来店回数");
    await user.type(visits, "12");
    await user.selectOptions(screen.getByLabelText("席"), "個室");
    await user.click(screen.getByTestId("crm-custom-fields-save"));
    const seat = screen.getByLabelText("席");
    expect(await screen.findByTestId("crm-custom-error-f2")).toHaveTextContent(
      i18n.t("crm:customFields.invalid.select"),
    );
    expect(seat).toHaveAttribute("aria-invalid", "true");
    expect(seat).toHaveAccessibleDescription(i18n.t("crm:customFields.invalid.select"));
    expect(seat).toHaveFocus();
    expect(visits).not.toHaveAttribute("aria-invalid");
    await user.click(screen.getByTestId("crm-custom-fields-save"));
    const done = await screen.findByTestId("crm-custom-fields-done");
    expect(done).toHaveTextContent(i18n.t("crm:customFields.saved"));
    await waitFor(() => expect(done).toHaveFocus());
    expect(screen.queryByTestId("crm-custom-error-f2")).toBeNull();
  });

  it("says a refused custom-field save that is about no field beside the button, and focuses it", async () => {
    const user = userEvent.setup();
    render();
    fakeApi.patch("/api/contacts/:id", ZContact, () => apiError(404, "not_found", "Contact not found"));
    const visits = await screen.findByLabelText("来店回数");
    await user.type(visits, "12");
    await user.click(screen.getByTestId("crm-custom-fields-save"));
    const error = await screen.findByTestId("crm-custom-fields-error");
    expect(error).toHaveTextContent(i18n.t("crm:errors.notFound"));
    await waitFor(() => expect(error).toHaveFocus());
    expect(visits).toHaveValue(12);
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

  it("adds a note: a refusal is said beside the box, which keeps the text and the focus; a saved note is confirmed", async () => {
    const user = userEvent.setup();
    render();
    let attempts = 0;
    fakeApi.post(
      "/api/contacts/:id/notes",
      ZContactActivity,
      () => {
        attempts += 1;
        return attempts === 1
          ? apiError(404, "not_found", "Contact not found")
          : { id: "n1", type: "note", data: { text: "来週電話する" }, createdAt: new Date().toISOString() };
      },
      { status: 201 },
    );
    const box = await screen.findByTestId("crm-note-input");
    await user.type(box, "来週電話する");
    await user.click(screen.getByTestId("crm-note-submit"));
    expect(await screen.findByTestId("crm-note-error")).toBeInTheDocument();
    expect(box).toHaveAttribute("aria-invalid", "true");
    expect(box).toHaveValue("来週電話する");
    expect(box).toHaveFocus();
    await user.click(screen.getByTestId("crm-note-submit"));
    const done = await screen.findByTestId("crm-note-done");
    await waitFor(() => expect(done).toHaveFocus());
    expect(box).toHaveValue("");
    expect(screen.queryByTestId("crm-note-error")).toBeNull();
  });

  it("adds a task: an empty title is refused beside the field and focused, then the task is listed", async () => {
    const user = userEvent.setup();
    render();
    await screen.findByTestId("crm-tasks");
    await user.click(screen.getByTestId("crm-task-add"));
    const title = screen.getByTestId("crm-task-title");
    expect(await screen.findByTestId("crm-task-title-error")).toHaveTextContent(
      i18n.t("crm:tasks.titleRequired"),
    );
    expect(title).toHaveFocus();
    expect(title).toHaveAttribute("aria-invalid", "true");
    await user.type(title, "見積もりを送る");
    await user.clear(screen.getByTestId("crm-task-due"));
    await user.type(screen.getByTestId("crm-task-due"), "2026-12-24");
    await user.click(screen.getByTestId("crm-task-add"));
    await waitFor(() =>
      expect(fakeApi.calls("POST", "/api/contacts/c1/tasks")[0]?.body).toEqual({
        title: "見積もりを送る",
        dueOn: "2026-12-24",
      }),
    );
    expect(await screen.findByTestId("crm-task")).toHaveTextContent("見積もりを送る");
  });

  it("replies to an enquiry with the message quoted; an empty body is refused beside the field", async () => {
    const user = userEvent.setup();
    const enquiry: TContactActivity = {
      id: "a1",
      type: "form_submitted",
      data: { website: "さくら食堂", message: "土曜日の予約はできますか？" },
      createdAt: "2026-11-20T01:00:00.000Z",
    };
    render(sasaki, [enquiry]);
    await user.click(await screen.findByTestId("crm-reply-open"));
    const dialog = await screen.findByTestId("crm-reply-dialog");
    expect(dialog).toHaveTextContent("土曜日の予約はできますか？");
    expect(screen.getByTestId("crm-reply-subject")).toHaveValue("Re: さくら食堂へのお問い合わせ");
    await user.clear(screen.getByTestId("crm-reply-text"));
    await user.click(screen.getByTestId("crm-reply-send"));
    expect(await screen.findByTestId("crm-reply-text-error")).toBeInTheDocument();
    expect(screen.getByTestId("crm-reply-text")).toHaveFocus();
    await user.type(screen.getByTestId("crm-reply-text"), "お取りできます。");
    await user.click(screen.getByTestId("crm-reply-send"));
    await waitFor(() =>
      expect(fakeApi.calls("POST", "/api/contacts/c1/reply")[0]?.body).toEqual({
        subject: "Re: さくら食堂へのお問い合わせ",
        text: "お取りできます。",
        inReplyTo: "a1",
      }),
    );
    await waitFor(() => expect(screen.queryByTestId("crm-reply-dialog")).not.toBeInTheDocument());
  });

  it("shows look-alikes and merges one, taking the values chosen from it", async () => {
    const user = userEvent.setup();
    const other = aContact({ id: "c9", firstName: "花子", lastName: "佐々木", email: "new@example.jp" });
    render(sasaki, [], [other]);
    await user.click(await screen.findByTestId("crm-merge-open"));
    const email = within(await screen.findByTestId("crm-merge-email"));
    await user.click(email.getByLabelText(/new@example.jp/));
    await user.click(screen.getByTestId("crm-merge-submit"));
    await waitFor(() =>
      expect(fakeApi.calls("POST", "/api/contacts/c1/merge")[0]?.body).toEqual({
        otherId: "c9",
        take: ["email"],
      }),
    );
  });

  it("says a refused merge in the dialog, which stays open with the choices; the reason takes the focus", async () => {
    const user = userEvent.setup();
    const other = aContact({ id: "c9", firstName: "花子", lastName: "佐々木", email: "new@example.jp" });
    render(sasaki, [], [other]);
    fakeApi.post("/api/contacts/:id/merge", ZContactDetail, () =>
      apiError(404, "not_found", "Contact not found"),
    );
    await user.click(await screen.findByTestId("crm-merge-open"));
    const email = within(await screen.findByTestId("crm-merge-email"));
    await user.click(email.getByLabelText(/new@example.jp/));
    await user.click(screen.getByTestId("crm-merge-submit"));
    const error = await screen.findByTestId("crm-merge-error");
    expect(error).toHaveTextContent(i18n.t("crm:merge.failed"));
    expect(error).toHaveTextContent(i18n.t("crm:errors.notFound"));
    await waitFor(() => expect(error).toHaveFocus());
    expect(email.getByLabelText(/new@example.jp/)).toBeChecked();
  });
});
