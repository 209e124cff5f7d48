declare module "japanese-numerals-to-number" {
  /** 三十 → 30; throws on text that is not a Japanese numeral. */
  export default function toNumber(numerals: string): number;
}
