/** mjml 5 ships no types: the part of its API used here (compose.ts). */
declare module "mjml" {
  type MjmlError = { line: number; message: string; tagName: string; formattedMessage: string };
  export default function mjml2html(
    input: string,
    options?: { validationLevel?: "strict" | "soft" | "skip"; keepComments?: boolean; minify?: boolean },
  ): Promise<{ html: string; errors: MjmlError[] }>;
}
