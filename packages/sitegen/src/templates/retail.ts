import type { TTemplate } from "./types.ts";

/** Cheerful and tactile: berry pink and sunshine, product tiles with colour swatches. */
export const retail: TTemplate = {
  id: "retail",
  palettes: [
    { primary: "#be185d", accent: "#fbbf24", background: "#fffaf5", text: "#2a1a22" },
    { primary: "#b4233c", accent: "#7dd3fc", background: "#fffaf7", text: "#2b1a1d" },
    { primary: "#9d174d", accent: "#a3e635", background: "#fffbf5", text: "#281a21" },
  ],
  headingFont: "sans",
  bodyFont: "sans",
  hero: "centered",
  offerings: "tiles",
  highlights: "pills",
  radius: 18,
  heroSize: [2, 5.2, 3.6],
  headingWeight: 800,
  tracking: 0.04,
  sections: ["offerings", "highlights", "about", "access", "faq", "contact"],
  headingDecor: "marker",
  heroHours: true,
};
