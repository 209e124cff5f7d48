import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { i18n } from "@/lib/i18n";
import { renderWithProviders } from "@/test/render";
import { FAQ_CATEGORIES } from "../faq-data";
import FaqPage from "./faq-page";

beforeEach(async () => {
  await i18n.changeLanguage("en");
});

describe("FaqPage", () => {
  it("has the six categories of the spec, in order, each with questions", () => {
    renderWithProviders(<FaqPage />, { path: "/faq" });
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Frequently asked questions");
    expect(FAQ_CATEGORIES.map((c) => c.id)).toEqual([
      "setup",
      "websites",
      "crm",
      "pricing",
      "technical",
      "support",
    ]);
    const titles = screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent);
    expect(titles.slice(0, 6)).toEqual([
      "Getting started",
      "Websites",
      "CRM",
      "Pricing",
      "Technical",
      "Support",
    ]);
    for (const { id, questions } of FAQ_CATEGORIES) {
      const section = screen.getByTestId(`faq-category-${id}`);
      expect(within(section).getAllByRole("button")).toHaveLength(questions.length);
    }
    const nav = screen.getByRole("navigation", { name: "FAQ categories" });
    expect(within(nav).getByRole("link", { name: "Pricing" })).toHaveAttribute("href", "#pricing");
  });

  it("opens an answer with the spec's facts", async () => {
    const user = userEvent.setup();
    renderWithProviders(<FaqPage />, { path: "/faq" });
    const trigger = screen.getByRole("button", { name: "How quickly will I get an answer?" });
    expect(trigger).toHaveAttribute("aria-expanded", "false");
    await user.click(trigger);
    expect(trigger).toHaveAttribute("aria-expanded", "true");
    expect(
      screen.getByText(
        /Starter within 48 hours, Business within 24 hours, Enterprise within 12 hours and White Label within 4 hours/,
      ),
    ).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Do you back up my data?" }));
    expect(screen.getByText(/kept for 30 days.*within 7 days/)).toBeVisible();
  });
});
