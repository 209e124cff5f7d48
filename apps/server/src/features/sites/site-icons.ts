import { renderFavicon, type TSiteContent } from "@shobai/sitegen";
import sharp from "sharp";

/** The icons a site offers besides favicon.svg: a 48 px favicon and Apple's 180 px touch icon. */
export const ICON_SIZES = { "favicon.png": 48, "apple-touch-icon.png": 180 } as const;
export type TIconFile = keyof typeof ICON_SIZES;

const MAX_CACHED = 200;

/**
 * Square PNG icons of a site: from the owner's logo (issue 18) when there is one, fitted whole on
 * the site's background colour with a margin (touch icons are shown on any home screen and
 * transparency turns black there); else the generated monogram (favicon.svg) rasterised.
 * Rendered once per logo, colours and size.
 */
export function createSiteIcons(deps: {
  /** A stored variant of the site's media library ("{hash}-{width}.webp"), or null. */
  mediaFile: (websiteId: string, file: string) => Promise<{ bytes: Buffer } | null>;
}) {
  const cache = new Map<string, Promise<Buffer>>();

  async function fromLogo(websiteId: string, site: TSiteContent, size: number): Promise<Buffer | null> {
    const logo = site.photos?.logo;
    if (!logo) return null;
    const width = logo.widths[0] ?? logo.width;
    const stored = await deps.mediaFile(websiteId, `${logo.hash}-${width}.webp`);
    if (!stored) return null;
    const background = site.colours.background;
    const inner = Math.round(size * 0.82);
    const fitted = await sharp(stored.bytes)
      .resize(inner, inner, { fit: "contain", background })
      .flatten({ background })
      .toBuffer();
    return sharp({ create: { width: size, height: size, channels: 3, background } })
      .composite([{ input: fitted, gravity: "center" }])
      .png({ compressionLevel: 9 })
      .toBuffer();
  }

  function fromMonogram(site: TSiteContent, size: number): Promise<Buffer> {
    const svg = Buffer.from(renderFavicon(site));
    return (
      sharp(svg, { density: Math.ceil((72 * size) / 64) })
        .resize(size, size)
        // Home screens round the corners themselves; transparent ones would turn black there.
        .flatten({ background: site.colours.primary })
        .png({ compressionLevel: 9 })
        .toBuffer()
    );
  }

  return {
    /** The PNG of one icon file of a site. */
    icon(websiteId: string, site: TSiteContent, file: TIconFile): Promise<Buffer> {
      const size = ICON_SIZES[file];
      const key = `${websiteId}:${site.photos?.logo?.hash ?? site.businessName}:${site.colours.primary}:${site.colours.background}:${size}`;
      const hit = cache.get(key);
      if (hit) return hit;
      if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value ?? "");
      const made = fromLogo(websiteId, site, size).then((png) => png ?? fromMonogram(site, size));
      cache.set(key, made);
      made.catch(() => cache.get(key) === made && cache.delete(key));
      return made;
    },
  };
}

export type SiteIcons = ReturnType<typeof createSiteIcons>;
