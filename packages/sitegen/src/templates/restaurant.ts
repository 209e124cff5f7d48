import type { TTemplate } from "./types.ts";

/** Warm and appetising: cream paper, deep chili red, mustard; menu first, hours in the hero. */
export const restaurant: TTemplate = {
  id: "restaurant",
  palettes: [
    { primary: "#9a3412", accent: "#e0a458", background: "#fbf5ec", text: "#2b1d14" },
    { primary: "#9f1239", accent: "#f2b880", background: "#fdf6ef", text: "#2a1717" },
    { primary: "#7c2d12", accent: "#d9a441", background: "#f8f1e4", text: "#261a10" },
  ],
  headingFont: "serif",
  bodyFont: "sans",
  hero: "split",
  offerings: "menu",
  highlights: "pills",
  radius: 14,
  heroSize: [1.9, 5, 3.4],
  headingWeight: 700,
  tracking: 0.06,
  sections: ["offerings", "about", "highlights", "access", "faq", "contact"],
  headingDecor: "dot",
  heroHours: true,
};
