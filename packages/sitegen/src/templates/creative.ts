import type { TTemplate } from "./types.ts";

/** Bold: near-black canvas, huge type, one loud colour, big numbered services. */
export const creative: TTemplate = {
  id: "creative",
  palettes: [
    { primary: "#ff5a36", accent: "#ffd23f", background: "#111111", text: "#f4f1ea" },
    { primary: "#c6f432", accent: "#ff4f9a", background: "#121212", text: "#f2f2f2" },
    { primary: "#ff4f9a", accent: "#43e5c8", background: "#101014", text: "#f3f1f5" },
  ],
  headingFont: "sans",
  bodyFont: "sans",
  hero: "bold",
  offerings: "numbered",
  highlights: "band",
  radius: 0,
  heroSize: [2.6, 9, 6.5],
  headingWeight: 800,
  tracking: 0,
  sections: ["offerings", "about", "highlights", "faq", "access", "contact"],
  headingDecor: "none",
  heroHours: false,
};
