import type { TTemplate } from "./types.ts";

/** Steady and exact: deep green and brass, serif headings over a sans body, ruled service list. */
export const finance: TTemplate = {
  id: "finance",
  palettes: [
    { primary: "#1f4e3d", accent: "#c9a227", background: "#fafaf7", text: "#1a1f1c" },
    { primary: "#0b3c5d", accent: "#d9b310", background: "#f9fafb", text: "#14202b" },
    { primary: "#33415c", accent: "#c5a35a", background: "#fafaf8", text: "#1b2030" },
  ],
  headingFont: "serif",
  bodyFont: "sans",
  hero: "split",
  offerings: "list",
  highlights: "icons",
  radius: 4,
  heroSize: [1.9, 4.4, 3.1],
  headingWeight: 600,
  tracking: 0.06,
  sections: ["about", "offerings", "highlights", "faq", "access", "contact"],
  headingDecor: "bar",
  heroHours: false,
};
