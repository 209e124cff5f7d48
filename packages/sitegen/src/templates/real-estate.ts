import type { TTemplate } from "./types.ts";

/** Solid and welcoming: blue dusk over a row of houses, amber windows, property cards. */
export const realEstate: TTemplate = {
  id: "real-estate",
  palettes: [
    { primary: "#1d4e89", accent: "#f59e0b", background: "#f9fafb", text: "#18212f" },
    { primary: "#274c77", accent: "#e9c46a", background: "#f8f9fa", text: "#16202c" },
    { primary: "#3d405b", accent: "#f2cc8f", background: "#fafaf9", text: "#1f2030" },
  ],
  headingFont: "sans",
  bodyFont: "sans",
  hero: "banner",
  offerings: "cards",
  highlights: "band",
  radius: 8,
  heroSize: [1.9, 4.6, 3.3],
  headingWeight: 700,
  tracking: 0.04,
  sections: ["offerings", "about", "highlights", "access", "faq", "contact"],
  headingDecor: "rule",
  heroHours: false,
};
