import { z } from "zod";
import { ZBusinessCategory } from "./categories.ts";
import { ZLanguage } from "./languages.ts";

/**
 * An example site made by the built-in generator for a fictional business (/case-studies).
 * Served at `path` (`/examples/{industry}/`), each language at `{path}{lang}/`.
 */
export const ZExampleSite = z.object({
  industry: ZBusinessCategory,
  /** The fictional business's name, as the generator took it from the description. */
  name: z.string(),
  /** The site's headline in its first language. */
  tagline: z.string(),
  /** The headline in each language the example is generated in. */
  taglines: z.partialRecord(ZLanguage, z.string()),
  /** The two sentences given to the generator, word for word. */
  description: z.string(),
  languages: z.array(ZLanguage).min(1),
  path: z.string(),
});
export type TExampleSite = z.infer<typeof ZExampleSite>;

export const ZExampleSiteList = z.array(ZExampleSite);
