import { contrast, readableOn } from "../colour.ts";
import type { TColours } from "../content-model.ts";

/** WCAG 2.x AA for body-size text. */
export const AA_CONTRAST = 4.5;

export type TContrastProblem = { path: keyof TColours; ratio: number };

/**
 * The colour pairs a page actually draws text with (body text, links and headings in the primary
 * colour, button labels on the primary and on the accent) that read below AA. Empty: the palette may
 * be used. The editor refuses such a palette and the draft API answers 400 with these paths.
 */
export function contrastProblems(colours: TColours): TContrastProblem[] {
  const problems: TContrastProblem[] = [];
  const check = (path: keyof TColours, ratio: number) => {
    if (ratio < AA_CONTRAST) problems.push({ path, ratio: Math.round(ratio * 100) / 100 });
  };
  check("text", contrast(colours.text, colours.background));
  check(
    "primary",
    Math.min(
      contrast(colours.primary, colours.background),
      contrast(colours.primary, readableOn(colours.primary)),
    ),
  );
  check("accent", contrast(colours.accent, readableOn(colours.accent)));
  return problems;
}
