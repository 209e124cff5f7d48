import { contrast, mix, readableOn } from "../colour.ts";
import type { TColours } from "../content-model.ts";
import type { TTemplate } from "../templates/types.ts";

export const SANS = `"Hiragino Sans","Hiragino Kaku Gothic ProN","Noto Sans JP","Yu Gothic UI",Meiryo,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif`;
export const SERIF = `"Hiragino Mincho ProN","Yu Mincho","Noto Serif JP",Georgia,"Times New Roman",serif`;

export type TTheme = {
  p: string;
  a: string;
  bg: string;
  fg: string;
  muted: string;
  surface: string;
  soft: string;
  line: string;
  onP: string;
  onA: string;
  heroBg: string;
  heroFg: string;
  heroMuted: string;
  heroBtn: string;
  heroBtnFg: string;
};

/** The first mix of `fg` into `bg` that still reads at AA (4.5:1) against every background it sits on. */
function readableMuted(fg: string, backgrounds: string[]): string {
  for (const amount of [0.32, 0.24, 0.16, 0.08, 0]) {
    const candidate = mix(fg, backgrounds[0]!, amount);
    if (backgrounds.every((b) => contrast(candidate, b) >= 4.6)) return candidate;
  }
  return fg;
}

export function deriveTheme(template: TTemplate, c: TColours): TTheme {
  const dark = contrast(c.background, "#000000") < contrast(c.background, "#ffffff");
  const surface = dark ? mix(c.background, "#ffffff", 0.06) : mix(c.background, c.primary, 0.05);
  const soft = dark ? mix(c.background, "#ffffff", 0.14) : mix(c.background, c.accent, 0.35);
  const line = mix(c.background, c.text, dark ? 0.22 : 0.16);
  let heroBg = c.background;
  let heroFg = c.text;
  if (template.hero === "banner") {
    heroBg = c.primary;
    heroFg = readableOn(c.primary, c.text);
  } else if (template.hero === "dark") {
    heroBg = mix(c.text, "#000000", 0.25);
    heroFg = "#f8fafc";
  }
  const onA = readableOn(c.accent, "#111111");
  // On a coloured hero the button switches to the accent so it stands out from the hero itself.
  const coloured = heroBg !== c.background;
  return {
    p: c.primary,
    a: c.accent,
    bg: c.background,
    fg: c.text,
    muted: readableMuted(c.text, [c.background, surface]),
    surface,
    soft,
    line,
    onP: readableOn(c.primary, "#111111"),
    onA,
    heroBg,
    heroFg,
    heroMuted: readableMuted(heroFg, [heroBg]),
    heroBtn: coloured ? c.accent : c.primary,
    heroBtnFg: coloured ? onA : readableOn(c.primary, "#111111"),
  };
}
