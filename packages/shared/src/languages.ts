import { z } from "zod";
import { LANGUAGES } from "./constants/languages.ts";

export * from "./constants/languages.ts";
export const ZLanguage = z.enum(LANGUAGES);
