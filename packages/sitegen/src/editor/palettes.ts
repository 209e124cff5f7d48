import type { TBusinessCategory } from "@shobai/shared";
import type { TColours } from "../content-model.ts";
import { TEMPLATES } from "../templates/index.ts";

export type TPalette = { id: string; template: TBusinessCategory; colours: TColours };

/** The curated palettes the editor offers: every template's own, each tested for AA contrast. */
export const PALETTES: TPalette[] = Object.values(TEMPLATES).flatMap((template) =>
  template.palettes.map((colours, i) => ({ id: `${template.id}-${i + 1}`, template: template.id, colours })),
);

const same = (a: TColours, b: TColours) =>
  a.primary.toLowerCase() === b.primary.toLowerCase() &&
  a.accent.toLowerCase() === b.accent.toLowerCase() &&
  a.background.toLowerCase() === b.background.toLowerCase() &&
  a.text.toLowerCase() === b.text.toLowerCase();

/** The curated palette these colours are, if any. */
export function paletteOf(colours: TColours): TPalette | undefined {
  return PALETTES.find((palette) => same(palette.colours, colours));
}
