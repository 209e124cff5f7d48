/**
 * The fact readers on their own, for callers that read structured sources (an imported site's
 * tables, lists and labelled rows) rather than one free description. Narrow on purpose: the
 * importer's worker thread loads this without the renderer.
 */
export { extractAddress } from "../address.ts";
export { readDescription } from "./extract-facts.ts";
export { extractFounded } from "./founded.ts";
export { extractHours } from "./hours.ts";
export { detectLanguage } from "./language.ts";
export { extractPrices, type TFoundPrice } from "./money.ts";
export { extractPhone } from "./phone.ts";
export { normalizeText } from "./text.ts";
export { findTrades } from "./trades.ts";
