import type { TTemplate } from "./types.ts";

/** Bright and encouraging: violet and yellow, chunky rounded cards, a book-and-pencil hero. */
export const education: TTemplate = {
  id: "education",
  palettes: [
    { primary: "#5b21b6", accent: "#facc15", background: "#fffdf5", text: "#1e1b4b" },
    { primary: "#1d4ed8", accent: "#fcd34d", background: "#fffdf7", text: "#172554" },
    { primary: "#047857", accent: "#fde047", background: "#fbfdf7", text: "#14291f" },
  ],
  headingFont: "sans",
  bodyFont: "sans",
  hero: "split",
  offerings: "cards",
  highlights: "pills",
  radius: 22,
  heroSize: [1.9, 4.8, 3.3],
  headingWeight: 800,
  tracking: 0.05,
  sections: ["offerings", "highlights", "about", "faq", "access", "contact"],
  headingDecor: "marker",
  heroHours: false,
};
