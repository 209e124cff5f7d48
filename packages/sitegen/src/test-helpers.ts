import { HtmlValidate } from "html-validate";

/**
 * html-validate with the recommended and document presets. Relaxed, with reasons:
 * - attr-case: React serialises some attributes in camelCase (charSet, maxLength, autoComplete);
 *   HTML attribute names are case-insensitive, so browsers read them the same.
 * - void-style: React writes void elements as `<meta/>`, which HTML permits.
 * - attribute-boolean-style "empty": React writes boolean attributes as `required=""`, valid HTML.
 * - require-sri for cross-origin only: the tracker is served by our own server (same origin);
 *   SRI protects against third-party CDNs, and generated sites load nothing from them.
 */
export const validator = new HtmlValidate({
  extends: ["html-validate:recommended", "html-validate:document"],
  rules: {
    "attr-case": "off",
    "void-style": "off",
    "attribute-boolean-style": ["error", { style: "empty" }],
    "require-sri": ["error", { target: "crossorigin" }],
  },
});

export async function validationErrors(html: string): Promise<string[]> {
  const report = await validator.validateString(html);
  return report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId}: ${m.message}`));
}
