import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { formatTime } from "@/lib/format";
import { i18n } from "@/lib/i18n";
import { openSupportChat } from "@/lib/open-chat";
import { renderWithProviders } from "@/test/render";
import { SupportChat } from "./support-chat";

async function openChat(language = "ja") {
  await act(() => i18n.changeLanguage(language));
  const user = userEvent.setup();
  renderWithProviders(<SupportChat />);
  const button = screen.getByTestId("chat-button");
  await user.click(button);
  const panel = await screen.findByTestId("chat-panel");
  return { user, panel, button };
}

function messages() {
  return screen.getAllByTestId("chat-message");
}

beforeEach(async () => {
  await act(() => i18n.changeLanguage("ja"));
});

describe("support chat", () => {
  it("is closed by default: only the round button", () => {
    renderWithProviders(<SupportChat />);
    const button = screen.getByRole("button", { name: "サポートチャットを開く" });
    expect(button).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByTestId("chat-panel")).not.toBeInTheDocument();
  });

  it("opens when another page asks for it (the contact page's chat card)", async () => {
    renderWithProviders(<SupportChat />);
    act(() => openSupportChat());
    expect(await screen.findByTestId("chat-panel")).toBeVisible();
    expect(screen.getByTestId("chat-button")).toHaveAttribute("aria-expanded", "true");
  });

  it("opens a panel titled as the support bot, available 24 hours, with a greeting and 4 quick questions", async () => {
    const { panel, button } = await openChat();
    expect(button).toHaveAttribute("aria-expanded", "true");
    expect(within(panel).getByRole("heading", { name: "Shobai サポートボット" })).toBeInTheDocument();
    expect(within(panel).getByTestId("chat-availability")).toHaveTextContent("24時間");
    expect(messages()).toHaveLength(1);
    expect(messages()[0]).toHaveAttribute("data-from", "bot");
    expect(within(panel).getAllByTestId(/^chat-quick-/)).toHaveLength(4);
    expect(screen.getByRole("textbox", { name: "質問を入力" })).toHaveFocus();
  });

  it("answers a known topic in Japanese, written without spaces; Enter sends", async () => {
    const { user } = await openChat("ja");
    await user.type(screen.getByTestId("chat-input"), "料金はいくらですか{Enter}");
    const [, question, answer] = messages();
    expect(question).toHaveAttribute("data-from", "user");
    expect(question).toHaveTextContent("料金はいくらですか");
    expect(answer).toHaveAttribute("data-from", "bot");
    expect(answer).toHaveTextContent("¥4,980");
    expect(answer).toHaveTextContent("¥39,800");
    expect(within(answer as HTMLElement).getByRole("link", { name: "料金プランを見る" })).toHaveAttribute(
      "href",
      "/pricing",
    );
    expect(screen.getByTestId("chat-input")).toHaveValue("");
    // The quick questions give way to the conversation.
    expect(screen.queryByTestId("chat-quick-pricing")).not.toBeInTheDocument();
  });

  it("answers a known topic in English", async () => {
    const { user } = await openChat("en");
    await user.type(screen.getByRole("textbox", { name: "Your question" }), "Can I get a refund?{Enter}");
    const answer = messages().at(-1);
    expect(answer).toHaveTextContent("within 30 days of your first payment for a full refund");
    expect(answer).toHaveTextContent("end of the period");
  });

  it("greets in the interface language, never with the raw key, even when the texts arrive late", async () => {
    const { panel } = await openChat("pl");
    expect(messages()[0]).toHaveTextContent("Jestem botem pomocy Shobai");
    expect(panel).not.toHaveTextContent(/greeting/);
  });

  it("answers both questions of one message: the price and whether a card is needed", async () => {
    const { user } = await openChat("ja");
    await user.type(
      screen.getByTestId("chat-input"),
      "料金はいくらですか？クレジットカードは必要ですか？{Enter}",
    );
    const answer = messages().at(-1) as HTMLElement;
    expect(answer).toHaveTextContent("¥4,980");
    expect(answer).toHaveTextContent("トライアルにカードは不要です");
  });

  it("understands a question in another language than the interface's", async () => {
    const { user } = await openChat("ja");
    await user.type(screen.getByTestId("chat-input"), "Jak zmienić zdjęcia na stronie?{Enter}");
    await waitFor(() => expect(messages().at(-1)).toHaveTextContent("イラスト"));
  });

  it("says support replies within 4–48 hours depending on the plan", async () => {
    const { user } = await openChat("en");
    await user.click(screen.getByTestId("chat-quick-support"));
    const [, question, answer] = messages();
    expect(question).toHaveTextContent("How fast does support reply?");
    expect(answer).toHaveTextContent("4–48 hours");
  });

  it("says plainly that it does not know, and points to the contact form and the FAQ", async () => {
    const { user } = await openChat("ja");
    await user.type(screen.getByTestId("chat-input"), "asdfghjkl{Enter}");
    const answer = messages().at(-1) as HTMLElement;
    expect(answer).toHaveTextContent("答えは分かりません");
    expect(within(answer).getByRole("link", { name: "お問い合わせフォーム" })).toHaveAttribute(
      "href",
      "/contact",
    );
    expect(within(answer).getByRole("link", { name: "よくある質問" })).toHaveAttribute("href", "/faq");
  });

  it("ignores an empty or blank message", async () => {
    const { user } = await openChat();
    const input = screen.getByTestId("chat-input");
    await user.type(input, "{Enter}");
    await user.type(input, "   {Enter}");
    expect(messages()).toHaveLength(1);
    expect(screen.getByRole("button", { name: "送信" })).toBeDisabled();
  });

  it("shows each message's time in the ja-JP format", async () => {
    const { user } = await openChat();
    await user.type(screen.getByTestId("chat-input"), "プランを教えて{Enter}");
    const time = within(messages().at(-1) as HTMLElement).getByText(/^\d{2}:\d{2}:\d{2}$/);
    expect(time.tagName).toBe("TIME");
    expect(time).toHaveTextContent(formatTime(time.getAttribute("datetime") ?? ""));
  });

  it("closes with Escape and keeps the conversation when reopened", async () => {
    const { user, button } = await openChat();
    await user.type(screen.getByTestId("chat-input"), "ドメイン{Enter}");
    await user.keyboard("{Escape}");
    expect(screen.queryByTestId("chat-panel")).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    await user.click(button);
    expect(messages()).toHaveLength(3);
  });
});
