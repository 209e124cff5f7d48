import type { TBusinessCategory } from "@shobai/shared";
import type { SECTION_IDS, TColours } from "../content-model.ts";

export type TSectionId = (typeof SECTION_IDS)[number];

/** A template is design tokens plus a few layout choices; the section components are shared. */
export type TTemplate = {
  id: TBusinessCategory;
  /** Palettes to choose from deterministically; each passes WCAG AA (tested). */
  palettes: TColours[];
  headingFont: "sans" | "serif";
  bodyFont: "sans" | "serif";
  hero: "split" | "banner" | "centered" | "bold" | "dark";
  offerings: "menu" | "cards" | "list" | "numbered" | "tiles";
  highlights: "pills" | "icons" | "band";
  /** Corner radius in px for cards, buttons and fields. */
  radius: number;
  /** Hero headline size: clamp(min rem, vw, max rem). */
  heroSize: [number, number, number];
  headingWeight: 400 | 600 | 700 | 800;
  /** Headline letter spacing in em (Japanese headings read better slightly open). */
  tracking: number;
  sections: TSectionId[];
  /** How section headings are marked: a short rule under, a bar before, a highlighter, a slash… */
  headingDecor: "rule" | "bar" | "marker" | "slash" | "dot" | "none";
  /** Show the opening hours in the hero (restaurants, clinics: the first thing people look for). */
  heroHours: boolean;
};
