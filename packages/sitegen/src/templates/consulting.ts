import type { TTemplate } from "./types.ts";

/** Clear and confident: deep teal with a warm orange accent, numbered services, generous space. */
export const consulting: TTemplate = {
  id: "consulting",
  palettes: [
    { primary: "#0f4c5c", accent: "#e36414", background: "#ffffff", text: "#1f2933" },
    { primary: "#1b4965", accent: "#f4a259", background: "#fcfcfb", text: "#1d2630" },
    { primary: "#264653", accent: "#e76f51", background: "#ffffff", text: "#1e2a30" },
  ],
  headingFont: "sans",
  bodyFont: "sans",
  hero: "split",
  offerings: "numbered",
  highlights: "icons",
  radius: 6,
  heroSize: [1.9, 4.6, 3.2],
  headingWeight: 700,
  tracking: 0.04,
  sections: ["about", "offerings", "highlights", "faq", "access", "contact"],
  headingDecor: "bar",
  heroHours: false,
};
