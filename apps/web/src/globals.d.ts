/** Set by the locale-assets plugin (locale-assets.ts). */
/** True where the texts are imported with the code (the server-side prerender build, Vitest). */
declare const __LOCALES_BUNDLED__: boolean;
/** Where the browser fetches `<lang>/<namespace>.json`: `/assets/locales/<version of all texts>`. */
declare const __LOCALES_URL__: string;
