import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { i18n } from "@/lib/i18n";
import { renderWithProviders } from "@/test/render";
import AboutPage from "./about-page";
import FeaturesPage from "./features-page";
import HelpPage from "./help-page";

describe("about, features and help", () => {
  it("each has its heading and its links", async () => {
    await i18n.changeLanguage("en");
    const about = renderWithProviders(<AboutPage />, { path: "/about" });
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(
      "Business tools for the shop on the corner",
    );
    about.unmount();

    const features = renderWithProviders(<FeaturesPage />, { path: "/features" });
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(
      "Everything your business needs online",
    );
    expect(screen.getByTestId("feature-domains")).not.toHaveTextContent("Coming soon");
    expect(screen.getByTestId("feature-domains")).toHaveTextContent("free trial");
    expect(screen.getByTestId("feature-aiWebsites")).toHaveTextContent("10 industry templates");
    features.unmount();

    renderWithProviders(<HelpPage />, { path: "/help" });
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Help centre");
    expect(screen.getByTestId("help-faq")).toHaveAttribute("href", "/faq");
    expect(screen.getByTestId("help-tutorials")).toHaveAttribute("href", "/tutorials");
    expect(screen.getByTestId("help-contact")).toHaveAttribute("href", "/contact");
    expect(screen.getByTestId("help-apiDocs")).toHaveAttribute("href", "/api-docs");
  });
});
