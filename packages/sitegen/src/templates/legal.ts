import type { TTemplate } from "./types.ts";

/** Sober and trustworthy: navy and a thin gold rule, serif headings, practice areas as a ruled list. */
export const legal: TTemplate = {
  id: "legal",
  palettes: [
    { primary: "#1e2a44", accent: "#b08d57", background: "#f7f6f2", text: "#1c1f26" },
    { primary: "#22313f", accent: "#a3844f", background: "#f5f4f0", text: "#1b1e22" },
    { primary: "#2b2d42", accent: "#9c7c45", background: "#f8f7f4", text: "#1d1d24" },
  ],
  headingFont: "serif",
  bodyFont: "serif",
  hero: "banner",
  offerings: "list",
  highlights: "band",
  radius: 2,
  heroSize: [1.8, 4.2, 3],
  headingWeight: 600,
  tracking: 0.08,
  sections: ["about", "offerings", "highlights", "faq", "access", "contact"],
  headingDecor: "rule",
  heroHours: false,
};
