// Automatic JSX runtime even when the caller's tsconfig (e.g. the repo root for scripts/bench.ts) sets none.
/** @jsxRuntime automatic */
import type { TLanguage } from "@shobai/shared";
import { renderToStaticMarkup } from "react-dom/server";
import { type TSiteContent, ZSiteContent } from "../content-model.ts";
import { truncate } from "../hash.ts";
import { shownTestimonials, siteTemplate } from "../templates/site-template.ts";
import { buildCss, buildImageCss, buildLogoCss, buildPhotoCss, buildTestimonialCss } from "./css.ts";
import {
  FormProblemPage,
  HomePage,
  type TFormProblem,
  type TFormValues,
  ThanksPage,
  type TPageContext,
  type TPageImage,
} from "./page.tsx";
import { focusCss } from "./picture.tsx";

export type { TFormField, TFormProblem, TFormValues } from "./page.tsx";

export type TRenderOptions = {
  /** Where the site lives, without a trailing slash: "/s/my-shop" or "http://shop.localhost:5000". */
  baseUrl: string;
  /** URL the contact form POSTs to. */
  formAction: string;
  /** If given, the one script on every page: `<script defer src>` at the end of body. */
  trackerSrc?: string;
  /** Where the media library's variants are served; `{baseUrl}/_media` by default (issue 19). */
  mediaBase?: string;
};

export type TRenderedPage = { path: string; html: string };
export type TRenderedSite = { pages: TRenderedPage[] };

function escapeAttr(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function escapeText(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** A tiny no-JS page at the site root that sends visitors to the default language. */
function redirectPage(site: TSiteContent, target: string): string {
  const lang = site.languages[0] ?? "ja";
  const url = escapeAttr(target);
  return (
    `<!DOCTYPE html><html lang="${lang}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeText(truncate(site.businessName, 60))}</title>` +
    `<meta http-equiv="refresh" content="0; url=${url}"><link rel="canonical" href="${url}">` +
    `</head><body><p><a href="${url}">${escapeText(site.businessName)}</a></p></body></html>`
  );
}

/**
 * Renders a whole site: the root redirect, then `{lang}/index.html` and `{lang}/thanks/index.html`
 * for each language. Pure: the caller stores or serves the pages.
 */
export function renderSite(content: TSiteContent, options: TRenderOptions): TRenderedSite {
  const site = ZSiteContent.parse(content);
  const shared = sharedContext(site, options);
  const defaultLang = site.languages[0] ?? "ja";
  const pages: TRenderedPage[] = [
    { path: "index.html", html: redirectPage(site, shared.urls.page(defaultLang)) },
  ];
  for (const lang of site.languages) {
    const ctx = pageContext(site, shared, lang, options);
    pages.push({
      path: `${lang}/index.html`,
      html: `<!DOCTYPE html>${renderToStaticMarkup(<HomePage ctx={ctx} />)}`,
    });
    pages.push({
      path: `${lang}/thanks/index.html`,
      html: `<!DOCTYPE html>${renderToStaticMarkup(<ThanksPage ctx={ctx} />)}`,
    });
  }
  return { pages };
}

/**
 * One language's home page alone, as `renderSite` makes it: what the site editor's preview shows
 * (and redraws on every keystroke, so it renders nothing else).
 */
export function renderHomePage(content: TSiteContent, options: TRenderOptions, lang: TLanguage): string {
  const site = ZSiteContent.parse(content);
  const language = site.languages.find((l) => l === lang) ?? site.languages[0] ?? "ja";
  const ctx = pageContext(site, sharedContext(site, options), language, options);
  return `<!DOCTYPE html>${renderToStaticMarkup(<HomePage ctx={ctx} />)}`;
}

/**
 * The page answered to a contact-form post that was not taken: the form again in the site's
 * language `lang` (one of its languages; otherwise its first), with the visitor's values escaped.
 */
export function renderFormProblem(
  content: TSiteContent,
  options: TRenderOptions & { lang: string; problem: TFormProblem; values: TFormValues },
): string {
  const site = ZSiteContent.parse(content);
  const lang = site.languages.find((l) => l === options.lang) ?? site.languages[0] ?? "ja";
  const ctx = {
    ...pageContext(site, sharedContext(site, options), lang, options),
    formValues: options.values,
  };
  return `<!DOCTYPE html>${renderToStaticMarkup(<FormProblemPage ctx={ctx} problem={options.problem} />)}`;
}

function sharedContext(site: TSiteContent, options: TRenderOptions) {
  const base = options.baseUrl.replace(/\/+$/, "");
  const template = siteTemplate(site);
  // Relative image paths ("_assets/…") live under the site, wherever it is served from.
  const images: TPageImage[] = (site.images ?? []).map((image) => ({
    ...image,
    src: /^https:\/\//i.test(image.src) ? image.src : `${base}/${image.src}`,
  }));
  // Sites without photos get exactly the stylesheet they always had.
  const photos = site.photos;
  // (The logo alone needs none of the photo rules: it has its own.)
  const hasPhotos = Boolean(
    photos &&
      (photos.hero || photos.about || photos.items?.some(Boolean) || (photos.gallery?.length ?? 0) > 0),
  );
  const css =
    buildCss(template, site.colours) +
    (images.length > 0 ? buildImageCss(template) : "") +
    (hasPhotos
      ? buildPhotoCss(template) +
        focusCss([photos?.hero, photos?.about, ...(photos?.items ?? []), ...(photos?.gallery ?? [])])
      : "") +
    (photos?.logo ? buildLogoCss() : "") +
    (site.languages.some((lang) => shownTestimonials(site, lang).length > 0)
      ? buildTestimonialCss(template)
      : "");
  const urls = {
    base,
    page: (lang: TLanguage) => `${base}/${lang}/`,
    thanks: (lang: TLanguage) => `${base}/${lang}/thanks/`,
  };
  return { template, images, css, urls, mediaBase: options.mediaBase ?? `${base}/_media` };
}

function pageContext(
  site: TSiteContent,
  shared: ReturnType<typeof sharedContext>,
  lang: TLanguage,
  options: TRenderOptions,
): TPageContext {
  const copy = site.content[lang];
  if (!copy) throw new Error(`renderSite: no content for language "${lang}"`);
  return {
    site,
    lang,
    copy,
    template: shared.template,
    css: shared.css,
    urls: shared.urls,
    formAction: options.formAction,
    trackerSrc: options.trackerSrc,
    images: shared.images,
    mediaBase: shared.mediaBase,
  };
}
