// Automatic JSX runtime even when the caller's tsconfig (e.g. the repo root for scripts/bench.ts) sets none.
/** @jsxRuntime automatic */
import { LANGUAGE_NATIVE_NAMES, OG_LOCALES, type TLanguage } from "@shobai/shared";
import type { ReactNode } from "react";
import type {
  TContactFormOptions,
  TLocalizedContent,
  TPageSectionId,
  TSiteContent,
  TSiteImage,
  TStockPhoto,
} from "../content-model.ts";
import { hoursText, priceText } from "../copy/facts-text.ts";
import { LEXICONS } from "../copy/index.ts";
import type { TClosedDay } from "../copy/types.ts";
import { phoneToE164 } from "../facts/phone.ts";
import { placeIn } from "../facts/places.ts";
import { CHROME_TEXT } from "../seo/chrome-text.ts";
import { contactLinks } from "../seo/contact-links.ts";
import { jsonLdScript, localBusinessJsonLd } from "../seo/structured-data.ts";
import { shownTestimonials, visibleSections } from "../templates/site-template.ts";
import type { TTemplate } from "../templates/types.ts";
import { Illustration } from "./illustrations.tsx";
import { LinkedText } from "./linked-text.tsx";
import { Picture, photoAlt, photoUrl } from "./picture.tsx";

export type TPageContext = {
  site: TSiteContent;
  lang: TLanguage;
  copy: TLocalizedContent;
  template: TTemplate;
  css: string;
  urls: { base: string; page: (lang: TLanguage) => string; thanks: (lang: TLanguage) => string };
  formAction: string;
  trackerSrc?: string;
  /** The site's photos with `src` resolved against the base URL; empty for most sites. */
  images: TPageImage[];
  /** Where the media library's variants are served (`{mediaBase}/{hash}-{width}.{ext}`). */
  mediaBase: string;
  /** What the visitor typed, shown again in the form after a failed post. */
  formValues?: TFormValues;
};

export type TFormField = "name" | "email" | "phone" | "company" | "message";
/** What the visitor typed, to show again; `consent` is "yes" when the box was ticked. */
export type TFormValues = Partial<Record<TFormField | "consent", string>>;
/** Why a form post was not taken: fields to fix ("contact": neither email nor phone), a post from elsewhere, or too many posts. */
export type TFormProblem =
  | { kind: "invalid"; fields: (TFormField | "contact")[] }
  | { kind: "refused" }
  | { kind: "too-many" };

export type TPageImage = TSiteImage;

/** The first photo leads the page when it is big enough and not a tall portrait; the rest are a gallery. */
export function splitImages(images: TPageImage[]): { hero?: TPageImage; gallery: TPageImage[] } {
  const [first, ...rest] = images;
  if (first && first.width >= 480 && first.width >= first.height * 0.8) return { hero: first, gallery: rest };
  return { gallery: images };
}

/** Phone text that never breaks across lines (html-validate's tel-non-breaking; also reads better). */
function phoneText(phone: string): string {
  return phone.replace(/-/g, "\u2011").replace(/ /g, "\u00a0");
}

export function hoursLines(site: TSiteContent, lang: TLanguage): string[] {
  if (site.facts?.hours) return hoursText(site.facts.hours, lang, site.facts.sourceLanguage);
  const h = site.contact.hours;
  if (!h) return [];
  return LEXICONS[lang].hours(h.ranges, h.closedDays as TClosedDay[], h.openEveryDay);
}

function Head({
  ctx,
  title,
  description,
  canonical,
}: {
  ctx: TPageContext;
  title: string;
  description: string;
  canonical: string;
}) {
  const { site, lang, urls } = ctx;
  const absolute = /^https?:\/\//.test(canonical);
  const heroPhoto = site.photos?.hero;
  const legacy = ctx.images[0] && /^https?:\/\//.test(ctx.images[0].src) ? ctx.images[0].src : undefined;
  const photoSrc = heroPhoto
    ? photoUrl(
        ctx.mediaBase,
        heroPhoto,
        heroPhoto.widths[heroPhoto.widths.length - 1] ?? heroPhoto.width,
        "jpg",
      )
    : undefined;
  const shareImage = photoSrc && /^https?:\/\//.test(photoSrc) ? photoSrc : legacy;
  const logo = site.photos?.logo;
  const logoSrc = logo ? photoUrl(ctx.mediaBase, logo, logo.widths[0] ?? logo.width, "jpg") : undefined;
  return (
    <head>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <title>{title}</title>
      {/* A stock hero comes from its provider's CDN (Unsplash): connect early, it is the largest paint. */}
      {heroPhoto?.stock ? <link rel="preconnect" href={new URL(heroPhoto.stock.url).origin} /> : null}
      <meta name="description" content={description} />
      <link rel="canonical" href={canonical} />
      {site.languages.map((l) => (
        <link key={l} rel="alternate" hrefLang={l} href={urls.page(l)} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={urls.page(site.languages[0] ?? lang)} />
      <meta property="og:type" content="website" />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:site_name" content={site.businessName} />
      <meta property="og:locale" content={OG_LOCALES[lang]} />
      {absolute ? <meta property="og:url" content={canonical} /> : null}
      {absolute && shareImage ? <meta property="og:image" content={shareImage} /> : null}
      <meta name="theme-color" content={site.colours.primary} />
      {site.photos?.logo ? (
        <link rel="icon" href={`${urls.base}/favicon.png`} type="image/png" sizes="48x48" />
      ) : (
        <link rel="icon" href={`${urls.base}/favicon.svg`} type="image/svg+xml" />
      )}
      <link rel="apple-touch-icon" href={`${urls.base}/apple-touch-icon.png`} />
      <script
        type="application/ld+json"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with <, > and & escaped (jsonLdScript), so no text ends the script
        dangerouslySetInnerHTML={{
          __html: jsonLdScript(
            localBusinessJsonLd(
              site,
              lang,
              canonical,
              shareImage,
              logoSrc && /^https?:\/\//.test(logoSrc) ? logoSrc : undefined,
            ),
          ),
        }}
      />
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own CSS from validated hex colours and constant font names, never user text; React would escape the CSS */}
      <style dangerouslySetInnerHTML={{ __html: ctx.css }} />
    </head>
  );
}

function Header({ ctx, onHome }: { ctx: TPageContext; onHome: boolean }) {
  const { site, lang, copy, urls } = ctx;
  const anchor = (id: string) => (onHome ? `#${id}` : `${urls.page(lang)}#${id}`);
  const shown = new Set<string>(visibleSections(site, ctx.template, lang));
  const links = (
    [
      ["about", copy.nav.about],
      ["offerings", copy.nav.offerings],
      ["faq", copy.nav.faq],
      ["access", copy.nav.access],
      ["contact", copy.nav.contact],
    ] as const
  ).filter(([id]) => shown.has(id));
  return (
    <header className="top">
      <div className="wrap bar">
        <a className={site.photos?.logo ? "brand logo" : "brand"} href={urls.page(lang)}>
          {site.photos?.logo ? (
            // The logo stands for the name: its text is the business name in every language.
            <Picture
              photo={site.photos.logo}
              mediaBase={ctx.mediaBase}
              alt={site.businessName}
              sizes="12rem"
              eager
            />
          ) : (
            site.businessName
          )}
        </a>
        <nav className="main-nav" aria-label={site.businessName}>
          <ul>
            {links.map(([id, label]) => (
              <li key={id}>
                <a href={anchor(id)}>{label}</a>
              </li>
            ))}
          </ul>
        </nav>
        {site.languages.length > 1 ? (
          <nav className="langs" aria-label={copy.languageLabel}>
            <ul>
              {site.languages.map((l) => (
                <li key={l}>
                  <a href={urls.page(l)} hrefLang={l} lang={l} aria-current={l === lang ? "page" : undefined}>
                    {LANGUAGE_NATIVE_NAMES[l]}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </div>
    </header>
  );
}

/** Each stock photo's photographer once, in placement order (the provider's required credit). */
function stockCredits(photos: TSiteContent["photos"]): TStockPhoto[] {
  const all = [photos?.hero, photos?.about, ...(photos?.items ?? []), ...(photos?.gallery ?? [])];
  const seen = new Map<string, TStockPhoto>();
  for (const p of all) if (p?.stock && !seen.has(p.stock.authorUrl)) seen.set(p.stock.authorUrl, p.stock);
  return [...seen.values()];
}

function Footer({ ctx }: { ctx: TPageContext }) {
  const credits = stockCredits(ctx.site.photos);
  return (
    <footer className="foot">
      {credits.length > 0 ? (
        <p className="wrap credit">
          {credits.map((credit, n) => (
            <span key={credit.authorUrl}>
              {n > 0 ? " · " : null}
              {CHROME_TEXT[ctx.lang].photoBy.split(/(\{author\}|\{provider\})/).map((part, i) =>
                part === "{author}" ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed sentence
                  <a key={i} href={credit.authorUrl}>
                    {credit.author}
                  </a>
                ) : part === "{provider}" ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed sentence
                  <a key={i} href={credit.providerUrl}>
                    Unsplash
                  </a>
                ) : (
                  part
                ),
              )}
            </span>
          ))}
        </p>
      ) : null}
      <div className="wrap">
        <span>{ctx.site.businessName}</span>
        <span>
          {CHROME_TEXT[ctx.lang].poweredBy.split("{brand}").map((part, i) =>
            i === 0
              ? part
              : [
                  <a key="brand" href="https://shobai.jp/">
                    Shobai
                  </a>,
                  part,
                ],
          )}
        </span>
      </div>
    </footer>
  );
}

function Section({
  id,
  title,
  alt,
  children,
}: {
  id: string;
  title: string;
  alt?: boolean;
  children: ReactNode;
}) {
  return (
    <section id={id} className={alt ? "s alt" : "s"} aria-labelledby={`${id}-title`}>
      <div className="wrap">
        <h2 id={`${id}-title`}>
          <span>{title}</span>
        </h2>
        {children}
      </div>
    </section>
  );
}

/**
 * Japanese headlines break between clauses (after 、) rather than mid-word: each clause is an
 * inline-block. Browsers without `word-break: auto-phrase` otherwise split 「ほっと｜する」.
 */
function Phrases({ text, lang }: { text: string; lang: TLanguage }) {
  if (lang !== "ja") return <>{text}</>;
  const parts = text.split(/(?<=[、])/);
  return (
    <>
      {parts.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: clauses of one fixed string, order never changes
        <span key={i} className="ph">
          {part}
        </span>
      ))}
    </>
  );
}

function Hero({ ctx }: { ctx: TPageContext }) {
  const { copy, template, site, lang } = ctx;
  const hours = template.heroHours ? hoursLines(site, lang) : [];
  const { hero } = splitImages(ctx.images);
  return (
    <div className="hero">
      <div className="wrap">
        <div>
          <h1>
            <Phrases text={copy.hero.headline} lang={lang} />
          </h1>
          <p className="lead">{copy.hero.subline}</p>
          <a className="btn" href="#contact">
            {copy.hero.cta}
          </a>
          {hours.length > 0 ? (
            <p className="chip">
              <strong>{copy.access.hoursLabel}</strong>
              {hours.map((line) => (
                <span key={line}>{line}</span>
              ))}
            </p>
          ) : null}
        </div>
        {site.photos?.hero ? (
          <Picture
            className="hph"
            photo={site.photos.hero}
            mediaBase={ctx.mediaBase}
            alt={photoAlt(site.photos.hero, lang, "")}
            sizes={
              template.hero === "split" || template.hero === "bold" || template.hero === "dark"
                ? "(min-width: 72rem) 34rem, (min-width: 48em) 48vw, 100vw"
                : "(min-width: 48em) 46rem, 100vw"
            }
            priority
          />
        ) : hero ? (
          <img
            className="hi"
            src={hero.src}
            alt={hero.alt}
            width={hero.width}
            height={hero.height}
            decoding="async"
            fetchPriority="high"
          />
        ) : (
          <Illustration category={site.industry} />
        )}
      </div>
    </div>
  );
}

function Gallery({ images }: { images: TPageImage[] }) {
  if (images.length === 0) return null;
  return (
    <ul className={`gal g${Math.min(images.length, 3)}`}>
      {images.map((image) => (
        <li key={image.src}>
          <img
            src={image.src}
            alt={image.alt}
            width={image.width}
            height={image.height}
            loading="lazy"
            decoding="async"
          />
        </li>
      ))}
    </ul>
  );
}

/** The owner's gallery (issue 19): a grid of the photos they chose, after the about section. */
function PhotoGallery({ ctx, alt }: { ctx: TPageContext; alt: boolean }) {
  const photos = ctx.site.photos?.gallery ?? [];
  if (photos.length === 0) return null;
  return (
    <Section id="gallery" title={CHROME_TEXT[ctx.lang].gallery} alt={alt}>
      <ul className={`pg n${Math.min(photos.length, 4)}`}>
        {photos.map((photo, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: one photo may be placed twice; the order is the key
          <li key={`${photo.id}-${i}`}>
            <Picture
              photo={photo}
              mediaBase={ctx.mediaBase}
              alt={photoAlt(photo, ctx.lang, "")}
              sizes="(min-width: 72rem) 23rem, (min-width: 40em) 48vw, 100vw"
            />
          </li>
        ))}
      </ul>
    </Section>
  );
}

function Offerings({ ctx }: { ctx: TPageContext }) {
  const { copy, template } = ctx;
  const items = copy.offerings.items;
  const facts = ctx.site.facts;
  const itemPhotos = ctx.site.photos?.items ?? [];
  const anyItemPhoto = itemPhotos.some(Boolean);
  const thumb =
    template.offerings === "menu" || template.offerings === "list" || template.offerings === "numbered";
  const photoOf = (index: number, item: (typeof items)[number]) => {
    const photo = itemPhotos[index];
    if (!photo) return null;
    return (
      <Picture
        className="ip-ph"
        photo={photo}
        mediaBase={ctx.mediaBase}
        // The item's name is right beside it: the photo needs its own text only when the owner wrote one.
        alt={photoAlt(photo, ctx.lang, item.name)}
        sizes={
          thumb ? "(min-width: 48em) 10rem, 6rem" : "(min-width: 72rem) 22rem, (min-width: 48em) 45vw, 100vw"
        }
      />
    );
  };
  const body = (item: (typeof items)[number]) => {
    const price = item.fact !== undefined ? facts?.items[item.fact]?.price : undefined;
    // The owner's item keeps the language it was written in (lang attribute for screen readers).
    const itemLang =
      item.fact !== undefined && facts && facts.sourceLanguage !== ctx.lang
        ? facts.sourceLanguage
        : undefined;
    return (
      <>
        <h3 lang={itemLang}>{item.name}</h3>
        {price ? <p className="price">{priceText(price, ctx.lang)}</p> : null}
        {item.description ? (
          <p>
            <LinkedText text={item.description} />
          </p>
        ) : null}
      </>
    );
  };
  let list: ReactNode;
  if (template.offerings === "menu") {
    list = (
      <ul className={anyItemPhoto ? "menu wp" : "menu"}>
        {items.map((item, i) =>
          anyItemPhoto ? (
            <li key={item.name} className={itemPhotos[i] ? "has-ph" : undefined}>
              {photoOf(i, item)}
              <div>{body(item)}</div>
            </li>
          ) : (
            <li key={item.name}>{body(item)}</li>
          ),
        )}
      </ul>
    );
  } else if (template.offerings === "list" || template.offerings === "numbered") {
    list = (
      <ol className={anyItemPhoto ? "nlist wp" : "nlist"}>
        {items.map((item, i) => (
          <li key={item.name} className={itemPhotos[i] ? "has-ph" : undefined}>
            <div>{body(item)}</div>
            {photoOf(i, item)}
          </li>
        ))}
      </ol>
    );
  } else {
    list = (
      <ul className="grid">
        {items.map((item, i) => (
          <li key={item.name} className={itemPhotos[i] ? "card has-ph" : "card"}>
            {photoOf(i, item)}
            {body(item)}
          </li>
        ))}
      </ul>
    );
  }
  return (
    <>
      {copy.offerings.intro ? (
        <p className="intro">
          <LinkedText text={copy.offerings.intro} />
        </p>
      ) : null}
      {list}
    </>
  );
}

function Access({ ctx }: { ctx: TPageContext }) {
  const { site, lang, copy } = ctx;
  const hours = hoursLines(site, lang);
  const facts = site.facts;
  const phone = facts ? facts.phone : site.contact.phone;
  const email = facts ? facts.email : site.contact.email;
  const address = facts ? facts.address : site.contact.address;
  const ownPlace = facts?.place
    ? (facts.localized[lang]?.place ?? placeIn(lang, facts.place) ?? facts.place)
    : undefined;
  const place = address ?? ownPlace ?? (site.place && lang !== "ja" ? undefined : site.place);
  const access = facts?.access && facts.sourceLanguage === lang ? facts.access : undefined;
  const telCountries =
    facts?.sourceLanguage === "pl"
      ? ["PL" as const]
      : facts?.sourceLanguage === "ro"
        ? ["RO" as const]
        : facts?.sourceLanguage === "ms"
          ? ["MY" as const]
          : facts?.sourceLanguage === "id"
            ? ["ID" as const]
            : ["JP" as const];
  const tel = phone ? (phoneToE164(phone, telCountries) ?? phone.replace(/[^\d+]/g, "")) : undefined;
  const links = facts ? contactLinks(facts) : {};
  const chrome = CHROME_TEXT[lang];
  return (
    <div className="access">
      <dl className="info">
        {place ? (
          <>
            <dt>{copy.access.addressLabel}</dt>
            <dd>{place}</dd>
            {access ? <dd>{access}</dd> : null}
            {links.map && address ? (
              <dd>
                <a href={links.map} rel="noopener" target="_blank">
                  {chrome.map}
                </a>
              </dd>
            ) : null}
          </>
        ) : null}
        {hours.length > 0 ? (
          <>
            <dt>{copy.access.hoursLabel}</dt>
            {hours.map((line) => (
              <dd key={line}>{line}</dd>
            ))}
          </>
        ) : null}
        {phone ? (
          <>
            <dt>{copy.access.phoneLabel}</dt>
            <dd>
              <a href={`tel:${tel}`}>{phoneText(phone)}</a>
            </dd>
          </>
        ) : null}
        {links.whatsapp || links.line ? (
          <>
            <dt>{copy.contact.title}</dt>
            {links.whatsapp ? (
              <dd>
                <a className="wa" href={links.whatsapp} rel="noopener" target="_blank">
                  {chrome.whatsapp}
                </a>
              </dd>
            ) : null}
            {links.line ? (
              <dd>
                <a className="line" href={links.line} rel="noopener" target="_blank">
                  {chrome.line}
                </a>
              </dd>
            ) : null}
          </>
        ) : null}
        {email ? (
          <>
            <dt>{copy.access.emailLabel}</dt>
            <dd>
              <a href={`mailto:${email}`}>{email}</a>
            </dd>
          </>
        ) : null}
        <dt>{copy.contact.title}</dt>
        <dd>
          <a href="#contact">{copy.hero.cta}</a>
        </dd>
      </dl>
      <p>
        <LinkedText text={copy.access.note} />
      </p>
    </div>
  );
}

/** The form's reply fields: email always, phone when asked for; which of them is required. */
export function contactFields(options: TContactFormOptions | undefined): {
  phone: boolean;
  required: TContactFormOptions["required"];
} {
  const required = options?.required ?? "email";
  return { phone: required !== "email" || options?.phone === true, required };
}

/**
 * Phone numbers as people type them: digits (also full-width) with +, -, spaces, dots and brackets.
 * Escaped for the `v` flag browsers compile `pattern` with; the server checks the digit count.
 */
export const PHONE_PATTERN = "[0-9０-９+＋\\(\\)（）\\-‐－ .]{6,30}";

function ContactForm({ ctx }: { ctx: TPageContext }) {
  const { copy, lang, formAction } = ctx;
  const c = copy.contact;
  // React escapes these values; the visitor's text never becomes markup.
  const v = ctx.formValues ?? {};
  const fields = contactFields(ctx.site.contactForm);
  return (
    <>
      <p>{c.intro}</p>
      <form className="form" method="post" action={formAction}>
        <input type="hidden" name="lang" value={lang} />
        <div>
          <label htmlFor="f-name">{c.nameLabel}</label>
          <input
            id="f-name"
            name="name"
            type="text"
            required
            maxLength={100}
            autoComplete="name"
            defaultValue={v.name}
          />
        </div>
        <div>
          <label htmlFor="f-email">{c.emailLabel}</label>
          <input
            id="f-email"
            name="email"
            type="email"
            required={fields.required === "email"}
            maxLength={200}
            autoComplete="email"
            defaultValue={v.email}
            aria-describedby={fields.required === "either" ? "f-either" : undefined}
          />
        </div>
        {fields.phone ? (
          <div>
            <label htmlFor="f-phone">{copy.access.phoneLabel}</label>
            <input
              id="f-phone"
              name="phone"
              type="tel"
              required={fields.required === "phone"}
              maxLength={30}
              pattern={PHONE_PATTERN}
              autoComplete="tel"
              defaultValue={v.phone}
              aria-describedby={fields.required === "either" ? "f-either" : undefined}
            />
          </div>
        ) : null}
        {fields.required === "either" ? (
          <p className="note either" id="f-either">
            {CHROME_TEXT[lang].eitherHint}
          </p>
        ) : null}
        <div>
          <label htmlFor="f-company">{c.companyLabel}</label>
          <input
            id="f-company"
            name="company"
            type="text"
            maxLength={200}
            autoComplete="organization"
            defaultValue={v.company}
          />
        </div>
        <div className="hp" aria-hidden="true">
          <label htmlFor="f-website">Website</label>
          <input id="f-website" name="website" type="text" tabIndex={-1} autoComplete="off" />
        </div>
        <div>
          <label htmlFor="f-message">{c.messageLabel}</label>
          <textarea
            id="f-message"
            name="message"
            required
            maxLength={5000}
            rows={6}
            defaultValue={v.message}
          />
        </div>
        <div className="check">
          <input
            id="f-consent"
            name="consent"
            type="checkbox"
            value="yes"
            defaultChecked={v.consent === "yes"}
          />
          <label htmlFor="f-consent">{c.consentLabel?.trim() || LEXICONS[lang].contact.consent}</label>
        </div>
        <p className="note">{c.privacyNote}</p>
        <div>
          <button className="btn" type="submit">
            {c.submit}
          </button>
        </div>
      </form>
    </>
  );
}

/** What customers said, exactly as the owner typed it (the generator never writes testimonials). */
function Testimonials({ ctx, alt }: { ctx: TPageContext; alt: boolean }) {
  const items = shownTestimonials(ctx.site, ctx.lang);
  const title = ctx.copy.testimonials?.title ?? CHROME_TEXT[ctx.lang].testimonials;
  if (items.length === 0) return null;
  return (
    <Section id="testimonials" title={title} alt={alt}>
      <ul className={`tm n${Math.min(items.length, 3)}`}>
        {items.map((item, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the owner's order; two entries may read alike
          <li key={i}>
            <figure>
              <blockquote>
                <p>{item.quote}</p>
              </blockquote>
              <figcaption>
                <span className="who">{item.name}</span>
                {item.detail ? <span className="det">{item.detail}</span> : null}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function renderSection(id: TPageSectionId, ctx: TPageContext, alt: boolean): ReactNode {
  const { copy } = ctx;
  switch (id) {
    case "about":
      return (
        <Section key={id} id="about" title={copy.about.title} alt={alt}>
          <div className={ctx.site.photos?.about ? "about wa-ph" : "about"}>
            <div>
              {copy.about.paragraphs.map((p) => (
                <p key={p}>
                  <LinkedText text={p} />
                </p>
              ))}
              <ProfileAndNotes ctx={ctx} />
            </div>
            {ctx.site.photos?.about ? (
              <Picture
                className="ab-ph"
                photo={ctx.site.photos.about}
                mediaBase={ctx.mediaBase}
                alt={photoAlt(ctx.site.photos.about, ctx.lang, "")}
                sizes="(min-width: 72rem) 30rem, (min-width: 48em) 42vw, 100vw"
              />
            ) : null}
          </div>
          {/* With the owner's hero photo, every copied picture belongs to the gallery. */}
          <Gallery images={ctx.site.photos?.hero ? ctx.images : splitImages(ctx.images).gallery} />
        </Section>
      );
    case "gallery":
      return <PhotoGallery key={id} ctx={ctx} alt={alt} />;
    case "testimonials":
      return <Testimonials key={id} ctx={ctx} alt={alt} />;
    case "offerings":
      return (
        <Section key={id} id="offerings" title={copy.offerings.title} alt={alt}>
          <Offerings ctx={ctx} />
        </Section>
      );
    case "highlights":
      return (
        <Section key={id} id="highlights" title={copy.highlights.title} alt={alt}>
          <ul className="hl">
            {copy.highlights.items.map((h) => (
              <li key={h}>{h}</li>
            ))}
          </ul>
        </Section>
      );
    case "faq":
      return (
        <Section key={id} id="faq" title={copy.faq.title} alt={alt}>
          {copy.faq.items.map((item) => (
            <details key={item.question}>
              <summary>{item.question}</summary>
              <p>
                <LinkedText text={item.answer} />
              </p>
            </details>
          ))}
        </Section>
      );
    case "access":
      return (
        <Section key={id} id="access" title={copy.access.title} alt={alt}>
          <Access ctx={ctx} />
        </Section>
      );
    case "contact":
      return (
        <Section key={id} id="contact" title={copy.contact.title} alt={alt}>
          <ContactForm ctx={ctx} />
        </Section>
      );
  }
}

/** The owner's profile (representative, qualifications) and notes, as confirmed, in the source language. */
function ProfileAndNotes({ ctx }: { ctx: TPageContext }) {
  const facts = ctx.site.facts;
  if (!facts) return null;
  const profile = facts.profile;
  const chrome = CHROME_TEXT[ctx.lang];
  const own = facts.sourceLanguage !== ctx.lang ? facts.sourceLanguage : undefined;
  return (
    <>
      {profile && (profile.representative || profile.qualifications.length > 0) ? (
        <dl className="info profile" data-facts="profile">
          {profile.representative ? (
            <>
              <dt>{chrome.representative}</dt>
              <dd lang={own}>{profile.representative}</dd>
            </>
          ) : null}
          {profile.qualifications.length > 0 ? (
            <>
              <dt>{chrome.qualifications}</dt>
              <dd lang={own}>{profile.qualifications.join(ctx.lang === "ja" ? "、" : ", ")}</dd>
            </>
          ) : null}
        </dl>
      ) : null}
      {facts.notes.length > 0 ? (
        <ul className="notes" data-facts="notes" lang={own}>
          {facts.notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

function Tracker({ src }: { src?: string }) {
  return src ? <script defer src={src} /> : null;
}

export function HomePage({ ctx }: { ctx: TPageContext }) {
  const { lang, copy, template, urls } = ctx;
  return (
    <html lang={lang}>
      <Head ctx={ctx} title={copy.seo.title} description={copy.seo.description} canonical={urls.page(lang)} />
      <body className={`t-${template.id}`}>
        <a className="skip" href="#main">
          {copy.skipLink}
        </a>
        <Header ctx={ctx} onHome />
        <main id="main">
          <Hero ctx={ctx} />
          {visibleSections(ctx.site, template, lang).map((id, i) => renderSection(id, ctx, i % 2 === 0))}
        </main>
        <Footer ctx={ctx} />
        <Tracker src={ctx.trackerSrc} />
      </body>
    </html>
  );
}

export function ThanksPage({ ctx }: { ctx: TPageContext }) {
  const { lang, copy, template, urls, site } = ctx;
  const title = `${copy.contact.thanksTitle} | ${site.businessName}`;
  return (
    <html lang={lang}>
      <Head
        ctx={{ ...ctx, urls: { ...urls, page: urls.thanks } }}
        title={Array.from(title).length > 60 ? copy.contact.thanksTitle : title}
        description={copy.contact.thanksText}
        canonical={urls.thanks(lang)}
      />
      <body className={`t-${template.id}`}>
        <a className="skip" href="#main">
          {copy.skipLink}
        </a>
        <Header ctx={ctx} onHome={false} />
        <main id="main" className="thanks">
          <div className="wrap s">
            <h1>{copy.contact.thanksTitle}</h1>
            <p>{copy.contact.thanksText}</p>
            <a className="btn" href={urls.page(lang)}>
              {copy.contact.backLabel}
            </a>
          </div>
        </main>
        <Footer ctx={ctx} />
        <Tracker src={ctx.trackerSrc} />
      </body>
    </html>
  );
}

/** The form again, with what the visitor typed and what went wrong, in the page's language. */
export function FormProblemPage({ ctx, problem }: { ctx: TPageContext; problem: TFormProblem }) {
  const { lang, copy, template, site } = ctx;
  const texts = LEXICONS[lang].formProblem;
  const title = `${texts.title} | ${site.businessName}`;
  const lead =
    problem.kind === "invalid" ? texts.invalid : problem.kind === "refused" ? texts.refused : texts.tooMany;
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{Array.from(title).length > 60 ? texts.title : title}</title>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own CSS, as in Head */}
        <style dangerouslySetInnerHTML={{ __html: ctx.css }} />
      </head>
      <body className={`t-${template.id}`}>
        <a className="skip" href="#main">
          {copy.skipLink}
        </a>
        <Header ctx={ctx} onHome={false} />
        <main id="main">
          <Section id="contact" title={texts.title} alt={false}>
            <div role="alert">
              <p>{lead}</p>
              {problem.kind === "invalid" ? (
                <ul>
                  {problem.fields.map((field) => (
                    <li key={field}>
                      {field === "phone"
                        ? CHROME_TEXT[lang].phoneProblem
                        : field === "contact"
                          ? CHROME_TEXT[lang].eitherProblem
                          : texts.fields[field]}
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
            <ContactForm ctx={ctx} />
          </Section>
        </main>
        <Footer ctx={ctx} />
      </body>
    </html>
  );
}
