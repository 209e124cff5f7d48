import type { TTemplate } from "./types.ts";

/** Calm and clean: soft mint, teal, rounded cards; departments, then hours and access early. */
export const healthcare: TTemplate = {
  id: "healthcare",
  palettes: [
    { primary: "#0f766e", accent: "#99f6e4", background: "#f5fbfa", text: "#17302d" },
    { primary: "#0e7490", accent: "#a5f3fc", background: "#f5fafc", text: "#142c33" },
    { primary: "#2f6f4f", accent: "#bbf7d0", background: "#f6fbf7", text: "#1a2e22" },
  ],
  headingFont: "sans",
  bodyFont: "sans",
  hero: "centered",
  offerings: "cards",
  highlights: "icons",
  radius: 20,
  heroSize: [1.8, 4.2, 3],
  headingWeight: 700,
  tracking: 0.06,
  sections: ["offerings", "access", "about", "highlights", "faq", "contact"],
  headingDecor: "rule",
  heroHours: true,
};
