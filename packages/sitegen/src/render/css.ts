import type { TColours } from "../content-model.ts";
import type { TTemplate } from "../templates/types.ts";
import { deriveTheme, SANS, SERIF } from "./theme.ts";

/**
 * One inline stylesheet per page: shared base rules plus only the variant rules this template uses,
 * which keeps every page far under the 20 KB gzip budget.
 */
export function buildCss(t: TTemplate, colours: TColours): string {
  const th = deriveTheme(t, colours);
  const [hMin, hVw, hMax] = t.heroSize;
  const r = `${t.radius}px`;
  const parts: string[] = [
    `:root{--p:${th.p};--a:${th.a};--bg:${th.bg};--fg:${th.fg};--mu:${th.muted};--sf:${th.surface};--so:${th.soft};--ln:${th.line};--op:${th.onP};--oa:${th.onA};--r:${r};--hf:${t.headingFont === "serif" ? SERIF : SANS};--bf:${t.bodyFont === "serif" ? SERIF : SANS}}`,
    "*,*::before,*::after{box-sizing:border-box}",
    "html{-webkit-text-size-adjust:100%;scroll-behavior:smooth}",
    "body{margin:0;background:var(--bg);color:var(--fg);font-family:var(--bf);font-size:1rem;line-height:1.8;overflow-wrap:break-word}",
    ":lang(ja){word-break:auto-phrase;line-break:strict}",
    `h1,h2,h3{font-family:var(--hf);font-weight:${t.headingWeight};line-height:1.35;margin:0 0 .6em;font-feature-settings:"palt";text-wrap:balance}`,
    // Open tracking suits kana and kanji; Latin headings keep their natural spacing.
    `h1:lang(ja),h2:lang(ja),h3:lang(ja),summary:lang(ja){letter-spacing:${t.tracking}em}`,
    "h2{font-size:clamp(1.5rem,3.6vw,2.25rem)}h3{font-size:1.15rem;margin-bottom:.35em}",
    "p{margin:0 0 1em;max-width:40em}",
    "a{color:var(--p);text-underline-offset:.2em}",
    ":focus-visible{outline:3px solid var(--p);outline-offset:3px}",
    ".wrap{max-width:72rem;margin:0 auto;padding:0 clamp(1rem,4vw,2rem)}",
    ".skip{position:absolute;left:-9999px;top:.5rem;background:var(--p);color:var(--op);padding:.5rem 1rem;z-index:10}.skip:focus{left:.5rem}",
    ".top{border-bottom:1px solid var(--ln);background:var(--bg)}",
    ".bar{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem 1.5rem;padding-block:.8rem}",
    '.brand{font-family:var(--hf);font-weight:700;font-size:1.2rem;color:var(--fg);text-decoration:none;margin-right:auto;font-feature-settings:"palt";letter-spacing:.04em}',
    ".bar ul{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:.25rem 1.1rem}",
    ".bar a:not(.brand){color:var(--fg);text-decoration:none;font-size:.9rem}.bar a:not(.brand):hover{text-decoration:underline}",
    ".langs a[aria-current]{font-weight:700;text-decoration:underline}",
    "@media (max-width:47.99em){.main-nav li:not(:last-child){display:none}}",
    `.hero{background:${th.heroBg};color:${th.heroFg};padding:clamp(2.5rem,8vw,6rem) 0;overflow:hidden}`,
    `.hero h1{font-size:clamp(${hMin}rem,${hVw}vw,${hMax}rem);line-height:1.25}`,
    `.lead{font-size:clamp(1.02rem,1.6vw,1.2rem);color:${th.heroMuted}}`,
    `.btn{display:inline-block;background:var(--p);color:var(--op);padding:.85rem 1.7rem;border-radius:var(--r);text-decoration:none;font:inherit;font-weight:700;border:0;cursor:pointer;line-height:1.4}`,
    `.hero .btn{background:${th.heroBtn};color:${th.heroBtnFg}}`,
    ".btn:hover{filter:brightness(1.08)}",
    `.chip{display:flex;flex-wrap:wrap;gap:.25rem 1rem;margin-top:1.5rem;padding:.7rem 1rem;border:1px solid currentColor;border-radius:var(--r);width:fit-content;font-size:.95rem}`,
    ".chip strong{font-weight:700}.ph{display:inline-block}",
    ".art{display:block;width:100%;height:auto;max-width:30rem;margin-inline:auto}",
    ".ip{fill:var(--p);stroke:var(--p)}.ia{fill:var(--a);stroke:var(--a)}.is{fill:var(--so);stroke:none}.if{fill:var(--fg);stroke:var(--fg)}.ib{fill:var(--bg);stroke:var(--bg)}.art [fill=none]{fill:none}",
    ".s{padding:clamp(3rem,8vw,5.5rem) 0}.s.alt{background:var(--sf)}",
    ".intro{color:var(--mu)}",
    ".grid{display:grid;gap:1.25rem;grid-template-columns:repeat(auto-fit,minmax(min(100%,15rem),1fr));padding:0;margin:1.5rem 0 0;list-style:none}",
    ".card{background:var(--bg);border:1px solid var(--ln);border-radius:var(--r);padding:1.5rem}",
    ".card p,.item p{color:var(--mu);margin:0}",
    ".card p.price,.menu p.price,.nlist p.price{color:var(--fg);font-weight:700;margin:.25rem 0 0}",
    ".about p{font-size:1.05rem}",
    // The owner's line breaks (plain text from the editor) show as line breaks, never as markup.
    "main p{white-space:pre-line}",
    'details{border-bottom:1px solid var(--ln);padding:1rem 0;max-width:48rem}summary{cursor:pointer;font-weight:700;font-family:var(--hf);font-feature-settings:"palt"}details p{margin:.75rem 0 0;color:var(--mu)}',
    ".access{display:grid;gap:2rem;grid-template-columns:repeat(auto-fit,minmax(min(100%,18rem),1fr));align-items:start}",
    ".info{margin:0;border:2px solid var(--p);border-radius:var(--r);padding:1.5rem;background:var(--bg)}",
    ".info dt{font-weight:700;font-size:.85rem;color:var(--p);letter-spacing:.05em}.info dd{margin:0 0 1rem}.info dd:last-child{margin:0}",
    ".form{display:grid;gap:1rem;max-width:40rem;margin-top:1.5rem}",
    ".form label{display:block;font-weight:700;font-size:.9rem;margin-bottom:.3rem}",
    ".form input,.form textarea{width:100%;font:inherit;color:var(--fg);background:var(--bg);border:1px solid var(--mu);border-radius:min(var(--r),10px);padding:.7rem .8rem}",
    ".form textarea{min-height:9rem;resize:vertical}",
    ".form .check{display:flex;gap:.6rem;align-items:flex-start}",
    ".form .check input{width:1.25rem;height:1.25rem;flex:none;margin:.2rem 0 0;accent-color:var(--p)}",
    ".form .check label{font-weight:400;font-size:.95rem;margin:0}",
    ".note{font-size:.85rem;color:var(--mu);margin:0}",
    ".hp{position:absolute;left:-9999px;width:1px;height:1px;overflow:hidden}",
    ".foot{border-top:1px solid var(--ln);padding:2rem 0;font-size:.85rem;color:var(--mu)}.foot .wrap{display:flex;flex-wrap:wrap;gap:.5rem 2rem;justify-content:space-between}.foot a{color:inherit}.foot .credit{display:block;margin-bottom:.75rem;font-size:.8rem}",
    ".thanks{min-height:60vh;display:flex;align-items:center}",
    // .s sets the block padding only; the thank-you text keeps the page's side margins on phones.
    ".thanks .wrap{width:100%;padding-left:clamp(1rem,4vw,2rem);padding-right:clamp(1rem,4vw,2rem)}",
    ".about .profile{margin-top:1.5rem}.about .notes{margin:1.25rem 0 0;padding-left:1.2rem}.about .notes li{margin:.25rem 0;font-weight:700}",
    "@media print{.top nav,.hero .art,.form,.skip,.langs{display:none}body,.hero,.s.alt{background:#fff;color:#000}.info{border-color:#000;break-inside:avoid}.s{padding:1rem 0}a{color:#000}}",
    "@media (prefers-reduced-motion:reduce){html{scroll-behavior:auto}}",
  ];

  switch (t.hero) {
    case "split":
    case "dark":
      parts.push(
        "@media (min-width:48em){.hero .wrap{display:grid;grid-template-columns:1.15fr 1fr;gap:3rem;align-items:center}}",
      );
      break;
    case "banner":
      parts.push(
        ".hero{text-align:center}.hero .lead{margin-inline:auto}.hero .chip{margin-inline:auto}.hero .art{max-width:22rem;margin-top:2.5rem}",
        `.hero h1::after{content:"";display:block;width:4rem;height:3px;background:var(--a);margin:1.2rem auto 0}`,
        // The drawing sits on the primary colour here, so its primary parts switch to the page colour.
        ".hero .ip{fill:var(--bg);stroke:var(--bg)}.hero .ib{fill:var(--p);stroke:var(--p)}.hero .is{fill:rgba(255,255,255,.18)}.hero .if{fill:var(--a);stroke:var(--a)}",
      );
      break;
    case "centered":
      parts.push(
        ".hero{text-align:center}.hero .lead{margin-inline:auto}.hero .chip{margin-inline:auto}.hero .art{max-width:24rem;margin-bottom:1.5rem}.hero .wrap{display:flex;flex-direction:column-reverse}",
      );
      break;
    case "bold":
      parts.push(
        '.hero h1{text-transform:uppercase;letter-spacing:-.02em;line-height:1.05;font-feature-settings:"palt"}.hero h1:lang(ja){line-height:1.3}',
        ".hero{border-bottom:12px solid var(--p)}",
        "@media (min-width:48em){.hero .wrap{display:grid;grid-template-columns:1.6fr 1fr;gap:2rem;align-items:end}}",
        "h2{font-size:clamp(2rem,6vw,3.6rem);text-transform:uppercase;letter-spacing:-.01em}",
      );
      break;
  }
  if (t.hero === "dark") {
    parts.push(
      ".hero{background-image:linear-gradient(rgba(255,255,255,.06) 1px,transparent 1px),linear-gradient(90deg,rgba(255,255,255,.06) 1px,transparent 1px);background-size:32px 32px}",
      ".hero .is{fill:rgba(255,255,255,.08)}.hero .if{fill:#f8fafc;stroke:#f8fafc}.hero .ib{fill:#0b1020;stroke:#0b1020}",
    );
  }

  switch (t.headingDecor) {
    case "rule":
      parts.push(
        `.s h2::after{content:"";display:block;width:3rem;height:2px;background:var(--a);margin-top:.7rem}`,
      );
      break;
    case "bar":
      parts.push(
        `.s h2::before{content:"";display:block;width:2.5rem;height:.3rem;background:var(--a);margin-bottom:1rem}`,
      );
      break;
    case "marker":
      parts.push(".s h2 span{background:linear-gradient(transparent 62%,var(--so) 62%);padding:0 .15em}");
      break;
    case "slash":
      parts.push(`.s h2::before{content:"/ ";color:var(--p);font-weight:400}`);
      break;
    case "dot":
      parts.push(
        `.s h2::before{content:"";display:inline-block;width:.5em;height:.5em;border-radius:50%;background:var(--a);margin-right:.5em;vertical-align:.12em}`,
      );
      break;
    case "none":
      break;
  }
  if (t.hero === "banner") parts.push("@media (max-width:47.99em){.hero .art{max-width:15rem}}");

  switch (t.offerings) {
    case "menu":
      parts.push(
        ".menu{columns:2 20rem;column-gap:3rem;padding:0;margin:1.5rem 0 0;list-style:none}",
        ".menu li{break-inside:avoid;padding:1.1rem 0;border-bottom:1px dashed var(--mu)}",
        '.menu h3{display:flex;align-items:center;gap:.6rem}.menu h3::before{content:"";width:.55rem;height:.55rem;border-radius:50%;background:var(--a);flex:none}',
      );
      break;
    case "list":
    case "numbered":
      parts.push(
        ".nlist{list-style:none;padding:0;margin:1.5rem 0 0;counter-reset:n;display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,20rem),1fr));column-gap:3rem}",
        ".nlist li{counter-increment:n;display:grid;grid-template-columns:3.2rem 1fr;padding:1.25rem 0;border-top:1px solid var(--ln)}",
        ".nlist li::before{content:counter(n,decimal-leading-zero);font-family:var(--hf);color:var(--p);font-weight:700}",
      );
      if (t.offerings === "numbered") {
        parts.push(
          ".nlist li{grid-template-columns:1fr;border-top:3px solid var(--fg)}.nlist li::before{font-size:2.6rem;line-height:1.1;margin-bottom:.4rem}.nlist h3{font-size:1.4rem}",
        );
      }
      break;
    case "cards":
      parts.push(
        '.card h3::before{content:"";display:block;width:2.5rem;height:.35rem;border-radius:9px;background:var(--a);margin-bottom:1rem}',
      );
      break;
    case "tiles":
      parts.push(
        ".card{padding:0;overflow:hidden}.card h3,.card p{padding:0 1.25rem}.card p{padding-bottom:1.4rem}",
        '.card::before{content:"";display:block;height:7rem;margin-bottom:1.1rem;background:radial-gradient(circle at 30% 50%,var(--a) 0 2.2rem,transparent 2.25rem),radial-gradient(circle at 62% 35%,var(--p) 0 .8rem,transparent .85rem),var(--so)}',
        ".card:nth-child(2n)::before{background:radial-gradient(circle at 70% 50%,var(--p) 0 2.2rem,transparent 2.25rem),radial-gradient(circle at 38% 65%,var(--a) 0 .8rem,transparent .85rem),var(--so)}",
      );
      break;
  }

  switch (t.highlights) {
    case "pills":
      parts.push(
        ".hl{display:flex;flex-wrap:wrap;gap:.75rem;list-style:none;padding:0;margin:1.5rem 0 0}",
        ".hl li{background:var(--bg);border:2px solid var(--a);border-radius:999px;padding:.5rem 1.2rem;font-weight:700}",
      );
      break;
    case "icons":
      parts.push(
        ".hl{display:grid;gap:1rem;grid-template-columns:repeat(auto-fit,minmax(min(100%,13rem),1fr));list-style:none;padding:0;margin:1.5rem 0 0}",
        '.hl li{display:flex;gap:.75rem;align-items:flex-start;font-weight:700}.hl li::before{content:"✓";flex:none;display:grid;place-items:center;width:1.9rem;height:1.9rem;border-radius:50%;background:var(--p);color:var(--op);font-size:.9rem}',
      );
      break;
    case "band":
      parts.push(
        "#highlights{background:var(--p);color:var(--op)}",
        ".hl{display:grid;grid-template-columns:repeat(auto-fit,minmax(min(100%,13rem),1fr));list-style:none;padding:0;margin:1.5rem 0 0;gap:0}",
        ".hl li{padding:1rem 1.25rem;border-left:2px solid var(--a);font-weight:700}",
      );
      break;
  }
  return parts.join("");
}

/**
 * Rules for sites with photos only, so a site without any keeps exactly its old stylesheet. Width
 * and height attributes give every image its box before it loads; object-fit crops, never stretches.
 */
export function buildImageCss(t: TTemplate): string {
  const parts = [
    ".hi{display:block;width:100%;height:auto;max-height:30rem;object-fit:cover;border-radius:var(--r);margin-inline:auto;background:var(--so)}",
    ".gal{display:grid;gap:1rem;grid-template-columns:repeat(auto-fit,minmax(min(100%,14rem),1fr));list-style:none;padding:0;margin:2rem 0 0}.gal.g1{max-width:36rem}.gal.g2{max-width:50rem}",
    ".gal img{display:block;width:100%;height:auto;aspect-ratio:4/3;object-fit:cover;border-radius:var(--r);background:var(--so)}",
    "@media print{.hi{max-height:12rem;width:auto}.gal{break-inside:avoid}}",
  ];
  switch (t.hero) {
    case "banner":
      // Wide and low under the centred text, so the headline and button stay on the first screen.
      parts.push(
        ".hero .hi{max-width:46rem;max-height:22rem;margin-top:2.5rem}@media (max-width:47.99em){.hero .hi{max-height:14rem}}",
      );
      break;
    case "centered":
      parts.push(
        ".hero .hi{max-width:42rem;max-height:18rem;margin-bottom:2rem}@media (max-width:47.99em){.hero .hi{max-height:12rem;margin-bottom:1.5rem}}",
      );
      break;
    default:
      parts.push("@media (max-width:47.99em){.hero .hi{margin-top:2rem;max-height:18rem}}");
  }
  return parts.join("");
}

/**
 * Photos from the media library (issue 19), in the template's own manner: the hero photo takes the
 * illustration's place, cards open with their photo, menus and lists get a square thumbnail, the
 * about text sits beside its photo and the gallery is a grid. Sites without photos never get it.
 */
export function buildPhotoCss(t: TTemplate): string {
  const parts = [
    "picture{display:block}",
    ".hph img,.ab-ph img,.ip-ph img,.pg img{display:block;width:100%;height:auto;object-fit:cover;background:var(--so)}",
    ".hph img{border-radius:var(--r);aspect-ratio:4/3;max-height:34rem}",
    ".about.wa-ph{display:grid;gap:2rem;align-items:start}@media (min-width:48em){.about.wa-ph{grid-template-columns:1.15fr 1fr}}",
    ".ab-ph img{border-radius:var(--r);aspect-ratio:4/3}",
    ".pg{list-style:none;padding:0;margin:1.5rem 0 0;display:grid;gap:1rem;grid-template-columns:repeat(auto-fill,minmax(min(100%,16rem),1fr))}.pg.n1{max-width:40rem}.pg.n2{max-width:52rem}",
    ".pg img{aspect-ratio:4/3;border-radius:var(--r)}",
    ".card.has-ph{overflow:hidden}.card.has-ph>.ip-ph{margin:-1.5rem -1.5rem 1.1rem}.card>.ip-ph img{aspect-ratio:3/2}",
    "@media print{.pg,.ip-ph{display:none}.hph img,.ab-ph img{max-height:10rem;width:auto}}",
  ];
  switch (t.hero) {
    case "banner":
      // Wide and low under the centred text, so the headline and button stay on the first screen.
      parts.push(
        ".hero .hph{max-width:48rem;margin:2.5rem auto 0}.hero .hph img{aspect-ratio:16/9}@media (max-width:47.99em){.hero .hph img{aspect-ratio:3/2}}",
      );
      break;
    case "centered":
      parts.push(
        ".hero .hph{width:100%;max-width:44rem;margin:0 auto 2rem}.hero .hph img{aspect-ratio:16/9}@media (max-width:47.99em){.hero .hph{margin-bottom:1.5rem}.hero .hph img{aspect-ratio:3/2}}",
      );
      break;
    case "bold":
      parts.push(
        ".hero .hph img{border-radius:0;box-shadow:14px 14px 0 var(--a);aspect-ratio:4/5;max-height:30rem}",
      );
      break;
    case "dark":
      parts.push(
        ".hero .hph img{border:1px solid rgba(255,255,255,.18);box-shadow:0 24px 60px rgba(0,0,0,.45)}",
      );
      break;
    default:
      parts.push("@media (max-width:47.99em){.hero .hph{margin-top:2rem}.hero .hph img{aspect-ratio:3/2}}");
  }
  switch (t.offerings) {
    case "menu":
      parts.push(
        ".menu.wp li{display:grid;grid-template-columns:5.5rem 1fr;gap:1rem;align-items:start}.menu.wp li:not(.has-ph){grid-template-columns:1fr}",
        ".menu .ip-ph img{aspect-ratio:1;border-radius:min(var(--r),12px)}@media (min-width:48em){.menu.wp li{grid-template-columns:7rem 1fr}}",
      );
      break;
    case "list":
      parts.push(
        ".nlist li.has-ph{grid-template-columns:3.2rem 1fr 5.5rem;column-gap:1rem}.nlist .ip-ph img{aspect-ratio:1;border-radius:min(var(--r),10px)}",
      );
      break;
    case "numbered":
      parts.push(
        ".nlist .ip-ph{margin-top:.9rem}.nlist .ip-ph img{aspect-ratio:16/9;border-radius:var(--r)}",
      );
      break;
    case "tiles":
      parts.push(".card.has-ph::before{display:none}.card.has-ph>.ip-ph{margin:0 0 1.1rem}");
      break;
    case "cards":
      break;
  }
  return parts.join("");
}

/** The owner's logo in the header, instead of the name: a fixed height, its own proportions. */
export function buildLogoCss(): string {
  return ".brand.logo{display:block;line-height:0;letter-spacing:0}.brand.logo picture{display:block}.brand.logo img{display:block;height:2.75rem;width:auto;max-width:min(12rem,55vw);object-fit:contain}@media (min-width:48em){.brand.logo img{height:3.25rem}}";
}

/** Testimonials the owner typed: quotes as cards in the template's corners and colours. */
export function buildTestimonialCss(t: TTemplate): string {
  const parts = [
    ".tm{list-style:none;padding:0;margin:1.5rem 0 0;display:grid;gap:1.25rem;grid-template-columns:repeat(auto-fit,minmax(min(100%,18rem),1fr))}.tm.n1{max-width:44rem}",
    ".tm li{display:flex}.tm figure{margin:0;flex:1;display:flex;flex-direction:column;gap:1rem;background:var(--bg);border:1px solid var(--ln);border-radius:var(--r);padding:1.5rem}",
    '.tm blockquote{margin:0;flex:1}.tm blockquote::before{content:"\\201C";display:block;font-family:Georgia,serif;font-size:3rem;line-height:1;height:1.7rem;color:var(--p)}',
    ".tm blockquote p{margin:0;white-space:pre-line}",
    ".tm figcaption{display:grid;gap:.1rem;border-top:1px solid var(--ln);padding-top:.8rem}.tm .who{font-weight:700}.tm .det{font-size:.9rem;color:var(--mu)}",
    "@media print{.tm figure{border-color:#000;break-inside:avoid}}",
  ];
  if (t.hero === "bold") parts.push(".tm figure{border:2px solid var(--fg);box-shadow:8px 8px 0 var(--a)}");
  if (t.hero === "dark") parts.push(".tm figure{background:var(--sf)}");
  return parts.join("");
}
