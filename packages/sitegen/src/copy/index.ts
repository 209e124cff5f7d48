import type { TLanguage } from "@shobai/shared";
import { en } from "./en.ts";
import { id } from "./id.ts";
import { ja } from "./ja.ts";
import { ms } from "./ms.ts";
import { pl } from "./pl.ts";
import { ro } from "./ro.ts";
import type { TLexicon } from "./types.ts";

export const LEXICONS: Record<TLanguage, TLexicon> = { ja, en, pl, ro, ms, id };
export type { TIndustryCopy, TLexicon } from "./types.ts";
