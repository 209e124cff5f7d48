/// <reference path="./mjml.d.ts" />
import { blocksToText, type TEmailBlock } from "@shobai/shared";
import mjml2html from "mjml";
import { escapeHtml, COMPOSED_FOOTER as FOOTER_MARK } from "./render";

const FONT = "-apple-system,'Hiragino Sans','Noto Sans JP',Meiryo,sans-serif";

/** The owner's text with line breaks kept; variables stay as written ({{firstName}}), filled per recipient. */
const textHtml = (text: string) => escapeHtml(text.trim()).replace(/\n/g, "<br>");

function blockMjml(block: TEmailBlock): string {
  switch (block.type) {
    case "heading":
      return `<mj-text font-size="22px" font-weight="700" line-height="1.5">${textHtml(block.text)}</mj-text>`;
    case "text":
      return `<mj-text>${textHtml(block.text)}</mj-text>`;
    case "image":
      return `<mj-image src="${escapeHtml(block.src)}" alt="${escapeHtml(block.alt)}"${block.href ? ` href="${escapeHtml(block.href)}"` : ""} />`;
    case "button":
      return `<mj-button href="${escapeHtml(block.href)}" background-color="#1d4ed8" color="#ffffff" border-radius="6px" font-size="15px">${escapeHtml(block.label)}</mj-button>`;
    case "divider":
      return `<mj-divider border-width="1px" border-color="#e5e7eb" />`;
    case "spacer":
      return `<mj-spacer height="24px" />`;
  }
}

/**
 * The composer's blocks as email-safe HTML (MJML: tables, inlined styles, Outlook conditionals), in
 * the language given (`<html lang>`); the footer mark is left for the sender details. Rendered once
 * when the campaign is saved, not per recipient.
 */
export async function composeHtml(
  blocks: readonly TEmailBlock[],
  subject: string,
  lang = "ja",
): Promise<string> {
  const source = `<mjml lang="${escapeHtml(lang)}">
  <mj-head>
    <mj-title>${escapeHtml(subject)}</mj-title>
    <mj-attributes>
      <mj-all font-family="${FONT}" />
      <mj-text font-size="15px" line-height="1.8" color="#1f2328" />
    </mj-attributes>
  </mj-head>
  <mj-body background-color="#f6f7f9" width="600px">
    <mj-section background-color="#ffffff" padding="16px 8px">
      <mj-column>
        ${blocks.map(blockMjml).join("\n        ")}
        <mj-divider border-width="1px" border-color="#e5e7eb" />
        <mj-text font-size="12px" line-height="1.7" color="#6b7280">${FOOTER_MARK}</mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
  const result = await mjml2html(source, { validationLevel: "strict", keepComments: true });
  return result.html;
}

/** The plain-text part of composed blocks (the same derivation the web app shows). */
export const composeText = blocksToText;
