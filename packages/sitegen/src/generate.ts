import { composeSite, type TComposeOptions } from "./compose.ts";
import type { TGenerationInput, TSiteContent } from "./content-model.ts";
import { renderSite, type TRenderedSite, type TRenderOptions } from "./render/render-site.tsx";

/** Compose and render in one call: what the server does for the built-in generator. */
export function generateSite(
  input: TGenerationInput,
  render: TRenderOptions,
  options?: TComposeOptions,
): { content: TSiteContent; site: TRenderedSite } {
  const content = composeSite(input, options);
  return { content, site: renderSite(content, render) };
}

export const BENCH_INPUT: TGenerationInput = {
  businessDescription:
    "「麺処さくら」は渋谷区で家族経営のラーメン店です。醤油ラーメン、味噌ラーメンと餃子が人気です。営業は11時〜22時、水曜定休。電話 03-1234-5678",
  businessType: "",
  targetMarket: "asia",
  languages: ["ja", "en", "pl", "ro", "ms", "id"],
};

/**
 * Hook for the root `scripts/bench.ts`: composes and renders a six-language site `iterations` times
 * and reports sizes; timing is the caller's job so this stays pure and deterministic.
 */
export function benchmarkSitegen(iterations = 1): {
  pages: number;
  totalBytes: number;
  largestPageBytes: number;
} {
  let last: TRenderedSite = { pages: [] };
  for (let i = 0; i < iterations; i++) {
    last = generateSite(BENCH_INPUT, { baseUrl: "/s/bench", formAction: "/api/public/forms/bench" }).site;
  }
  const sizes = last.pages.map((p) => Buffer.byteLength(p.html));
  return {
    pages: last.pages.length,
    totalBytes: sizes.reduce((a, b) => a + b, 0),
    largestPageBytes: Math.max(0, ...sizes),
  };
}
