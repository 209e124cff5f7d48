import type { TTemplate } from "./types.ts";

/** Precise and modern: a dark hero with a grid, indigo and cyan, cards with crisp corners. */
export const technology: TTemplate = {
  id: "technology",
  palettes: [
    { primary: "#4338ca", accent: "#22d3ee", background: "#f8fafc", text: "#0f172a" },
    { primary: "#1d4ed8", accent: "#34d399", background: "#f8fafc", text: "#0b1220" },
    { primary: "#6d28d9", accent: "#38bdf8", background: "#fafafa", text: "#111827" },
  ],
  headingFont: "sans",
  bodyFont: "sans",
  hero: "dark",
  offerings: "cards",
  highlights: "icons",
  radius: 10,
  heroSize: [2, 5, 3.6],
  headingWeight: 800,
  tracking: 0.02,
  sections: ["offerings", "about", "highlights", "faq", "access", "contact"],
  headingDecor: "slash",
  heroHours: false,
};
