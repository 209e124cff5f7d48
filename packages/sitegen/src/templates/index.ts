import type { TBusinessCategory } from "@shobai/shared";
import { consulting } from "./consulting.ts";
import { creative } from "./creative.ts";
import { education } from "./education.ts";
import { finance } from "./finance.ts";
import { healthcare } from "./healthcare.ts";
import { legal } from "./legal.ts";
import { realEstate } from "./real-estate.ts";
import { restaurant } from "./restaurant.ts";
import { retail } from "./retail.ts";
import { technology } from "./technology.ts";
import type { TTemplate } from "./types.ts";

export const TEMPLATES: Record<TBusinessCategory, TTemplate> = {
  consulting,
  technology,
  healthcare,
  finance,
  retail,
  restaurant,
  "real-estate": realEstate,
  education,
  legal,
  creative,
};
export type { TSectionId, TTemplate } from "./types.ts";
