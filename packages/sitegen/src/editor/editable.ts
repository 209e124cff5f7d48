/**
 * Where the owner's texts sit in a rendered home page (render/page.tsx), so the editor can make
 * exactly those elements editable in its preview. A path is relative to the language's content
 * (`["hero", "headline"]`); `site` paths are relative to the site (`["businessName"]`). Tested
 * against every template: each element found holds exactly its path's text. Browser-only (DOM);
 * imported by the web editor through `@shobai/sitegen/editable`.
 */
export type TEditablePath = (string | number)[];
export type TEditable = {
  element: HTMLElement;
  path: TEditablePath;
  scope: "lang" | "site";
  multiline: boolean;
};

function all(root: ParentNode, selector: string): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(selector));
}

/** The editable texts of a rendered home page, in document order. */
export function findEditables(doc: Document): TEditable[] {
  const found: TEditable[] = [];
  const add = (
    element: HTMLElement | null | undefined,
    path: TEditablePath,
    multiline = false,
    scope: "lang" | "site" = "lang",
  ) => {
    if (element) found.push({ element, path, scope, multiline });
  };
  // A logo image stands for the name there: nothing to type into.
  add(doc.querySelector<HTMLElement>(".top .brand:not(.logo)"), ["businessName"], false, "site");
  add(doc.querySelector<HTMLElement>(".hero h1"), ["hero", "headline"]);
  add(doc.querySelector<HTMLElement>(".hero .lead"), ["hero", "subline"], true);
  add(doc.querySelector<HTMLElement>(".hero a.btn"), ["hero", "cta"]);
  const title = (id: string) => doc.querySelector<HTMLElement>(`#${id}-title > span`);
  for (const id of ["about", "offerings", "highlights", "faq", "access", "contact", "testimonials"])
    add(title(id), [id, "title"]);
  // The paragraphs sit in the about block, or in its text column when the section has a photo.
  all(doc, "#about .about > p, #about .about > div > p").forEach((p, i) => {
    add(p, ["about", "paragraphs", i], true);
  });
  add(doc.querySelector<HTMLElement>("#offerings .intro"), ["offerings", "intro"], true);
  all(doc, "#offerings .wrap > ul > li, #offerings .wrap > ol > li").forEach((li, i) => {
    add(li.querySelector<HTMLElement>("h3"), ["offerings", "items", i, "name"]);
    const description = Array.from(li.querySelectorAll<HTMLElement>("p")).find(
      (p) => !p.classList.contains("price"),
    );
    add(description, ["offerings", "items", i, "description"], true);
  });
  all(doc, "#highlights .hl > li").forEach((li, i) => {
    add(li, ["highlights", "items", i]);
  });
  all(doc, "#faq details").forEach((details, i) => {
    add(details.querySelector<HTMLElement>("summary"), ["faq", "items", i, "question"]);
    add(details.querySelector<HTMLElement>("p"), ["faq", "items", i, "answer"], true);
  });
  add(doc.querySelector<HTMLElement>("#access .access > p"), ["access", "note"], true);
  add(doc.querySelector<HTMLElement>("#contact .wrap > p"), ["contact", "intro"], true);
  add(doc.querySelector<HTMLElement>("#contact .note:not(.either)"), ["contact", "privacyNote"], true);
  add(doc.querySelector<HTMLElement>("#contact button[type=submit]"), ["contact", "submit"]);
  return found;
}
