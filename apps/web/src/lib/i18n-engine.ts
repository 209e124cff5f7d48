/**
 * The interface-text engine: the part of i18next's API this app uses, in a few hundred bytes
 * instead of 17 KB in the first bundle (decision 0011). Same file format (`locales/<lang>/<ns>.json`
 * with nested keys), same call shapes: `t("key")`, `t("ns:key")`, `{{name}}` interpolation,
 * `defaultValue`, `returnObjects`, `count` plural suffixes (`_one`, `_other`, …), languages that
 * fall back to others, namespaces loaded on demand.
 */

export type Texts = { [key: string]: unknown };

export type TOptions = {
  defaultValue?: unknown;
  returnObjects?: boolean;
  /** A number picks a plural form (`key_one`, `key_other`, …) when the texts have them. */
  count?: unknown;
  [variable: string]: unknown;
};

/** A translate function; the type parameter only documents which namespace it was made for. */
export interface TFunction<_Namespace extends string = string> {
  (key: string, options: TOptions & { returnObjects: true }): unknown;
  (key: string, options?: TOptions): string;
}

export type I18nOptions<Language extends string> = {
  languages: readonly Language[];
  /** Languages to try, in order, when a key is missing in a language; `default` for the rest. */
  fallbacks: Partial<Record<Language | "default", readonly Language[]>>;
  defaultNamespace: string;
  /** Fetches one namespace of one language. */
  load: (language: Language, namespace: string) => Promise<Texts>;
  /** Attempts per file before giving up (a dropped connection); the texts then show their keys. */
  attempts?: number;
  retryDelayMs?: number;
};

type Listener = () => void;

export class I18n<Language extends string = string> {
  /** The language shown now (set once its texts are loaded). */
  language: Language;
  /** Namespaces asked for (by components, or by `ns:key`) since the last reset: the prerender inlines these. */
  readonly usedNamespaces = new Set<string>();
  readonly defaultNamespace: string;
  private readonly store = new Map<string, Texts>();
  private readonly loading = new Map<string, Promise<void>>();
  private readonly namespaces = new Set<string>();
  private readonly listeners = new Set<Listener>();
  private readonly languageListeners = new Set<(language: Language) => void>();
  private changingTo = 0;

  constructor(
    private readonly options: I18nOptions<Language> & { languages: readonly [Language, ...Language[]] },
  ) {
    this.language = options.languages[0];
    this.defaultNamespace = options.defaultNamespace;
  }

  /** The language now shown, always a supported one. */
  get resolvedLanguage(): Language {
    return this.language;
  }

  /** The language now shown, then the ones it falls back to. */
  get languages(): Language[] {
    return this.hierarchy(this.language);
  }

  /** Loads `namespaces` for `language` (and its fallbacks) and makes it the language shown. */
  async init(language: string, namespaces: readonly string[]): Promise<void> {
    for (const ns of namespaces) this.namespaces.add(ns);
    await this.changeLanguage(language);
  }

  /**
   * Loads every namespace in use for `language` and its fallbacks, then switches to it. When
   * several changes overlap, the last one asked for wins.
   */
  async changeLanguage(language: string): Promise<TFunction> {
    const target = this.supported(language);
    const request = ++this.changingTo;
    const needed = this.hierarchy(target);
    // Texts already here switch at once, in this tick, as i18next does (no frame in the old language).
    if (!this.isLoaded(needed, [...this.namespaces])) await this.loadFor(needed, [...this.namespaces]);
    if (request === this.changingTo && target !== this.language) {
      this.language = target;
      for (const listener of this.languageListeners) listener(target);
      this.changed();
    }
    return this.getFixedT(null);
  }

  /** Adds namespaces to those in use and loads them for the language shown. */
  async loadNamespaces(namespaces: string | readonly string[]): Promise<void> {
    const list = typeof namespaces === "string" ? [namespaces] : namespaces;
    for (const ns of list) this.namespaces.add(ns);
    await this.loadFor(this.languages, list);
  }

  /** Loads every namespace in use for each of `languages` (tests switch languages freely). */
  async loadLanguages(languages: readonly string[]): Promise<void> {
    await this.loadFor(
      languages.map((language) => this.supported(language)),
      [...this.namespaces],
    );
  }

  hasLoadedNamespace(namespace: string): boolean {
    return this.store.has(`${this.language}|${namespace}`);
  }

  getResourceBundle(language: string, namespace: string): Texts | undefined {
    return this.store.get(`${language}|${namespace}`);
  }

  on(event: "languageChanged", listener: (language: Language) => void): void {
    if (event === "languageChanged") this.languageListeners.add(listener);
  }

  /** For useSyncExternalStore: called after a language change or newly loaded texts. */
  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  t: TFunction = ((key: string, options?: TOptions) => this.translate(key, null, [], options)) as TFunction;

  /**
   * A translate function for `language` (null: whichever is shown when it is called) looking in
   * `namespaces` in order; `ns:key` names its namespace itself.
   */
  getFixedT(language: string | null, namespaces?: string | readonly string[]): TFunction {
    const list =
      namespaces === undefined ? [] : typeof namespaces === "string" ? [namespaces] : [...namespaces];
    const fixed = language === null ? null : this.supported(language);
    return ((key: string, options?: TOptions) => this.translate(key, fixed, list, options)) as TFunction;
  }

  private translate(
    key: string,
    language: Language | null,
    namespaces: string[],
    options: TOptions = {},
  ): unknown {
    let path = key;
    let searched = namespaces.length > 0 ? namespaces : [this.defaultNamespace];
    const separator = key.indexOf(":");
    if (separator > 0) {
      searched = [key.slice(0, separator)];
      path = key.slice(separator + 1);
      this.usedNamespaces.add(searched[0] as string);
    }
    const languages = this.hierarchy(language ?? this.language);
    for (const ns of searched) {
      for (const lng of languages) {
        const value = this.lookup(
          lng,
          ns,
          path,
          typeof options.count === "number" ? options.count : undefined,
        );
        if (value === undefined) continue;
        if (typeof value === "string") return interpolate(value, options);
        if (options.returnObjects) return interpolateDeep(value, options);
        return `${path} (returned an object, not a string)`;
      }
    }
    if (options.defaultValue !== undefined) {
      return typeof options.defaultValue === "string"
        ? interpolate(options.defaultValue, options)
        : options.defaultValue;
    }
    return path;
  }

  private lookup(language: Language, namespace: string, path: string, count: number | undefined): unknown {
    const texts = this.store.get(`${language}|${namespace}`);
    if (!texts) return undefined;
    if (typeof count === "number") {
      const form = pluralForm(language, count);
      const plural =
        valueAt(texts, `${path}_${form}`) ?? (form === "other" ? undefined : valueAt(texts, `${path}_other`));
      if (plural !== undefined) return plural;
    }
    return valueAt(texts, path);
  }

  private hierarchy(language: Language): Language[] {
    const fallbacks = this.options.fallbacks[language] ?? this.options.fallbacks.default ?? [];
    return [language, ...fallbacks.filter((fallback) => fallback !== language)];
  }

  private supported(language: string): Language {
    const known = this.options.languages.find((candidate) => candidate === language);
    return known ?? this.options.fallbacks.default?.[0] ?? this.language;
  }

  private isLoaded(languages: readonly Language[], namespaces: readonly string[]): boolean {
    return languages.every((language) => namespaces.every((ns) => this.store.has(`${language}|${ns}`)));
  }

  private async loadFor(languages: readonly Language[], namespaces: readonly string[]): Promise<void> {
    const pending: Promise<void>[] = [];
    for (const language of languages) {
      for (const namespace of namespaces) pending.push(this.loadOne(language, namespace));
    }
    await Promise.all(pending);
  }

  private loadOne(language: Language, namespace: string): Promise<void> {
    const id = `${language}|${namespace}`;
    if (this.store.has(id)) return Promise.resolve();
    let loading = this.loading.get(id);
    if (!loading) {
      loading = this.fetchWithRetries(language, namespace).then(
        (texts) => {
          this.store.set(id, texts);
          this.changed();
        },
        (error: unknown) => {
          console.error(`Shobai texts ${id} could not be loaded:`, error);
        },
      );
      const settled = loading.finally(() => this.loading.delete(id));
      this.loading.set(id, settled);
      return settled;
    }
    return loading;
  }

  private async fetchWithRetries(language: Language, namespace: string): Promise<Texts> {
    const attempts = this.options.attempts ?? 3;
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.options.load(language, namespace);
      } catch (error) {
        if (attempt >= attempts) throw error;
        await new Promise((resolve) => setTimeout(resolve, (this.options.retryDelayMs ?? 350) * attempt));
      }
    }
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}

/** `a.b.c` in nested texts; a string, a list or a group, or undefined (null counts as missing). */
function valueAt(texts: Texts, path: string): unknown {
  let value: unknown = texts;
  for (const part of path.split(".")) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Texts)[part];
  }
  return value ?? undefined;
}

const pluralRules = new Map<string, Intl.PluralRules>();
function pluralForm(language: string, count: number): string {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

/** `{{name}}` (or `{{ user.name }}`) from the options; a variable not given stays as written. */
function interpolate(text: string, values: TOptions): string {
  if (!text.includes("{{")) return text;
  return text.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (written, name: string) => {
    const value = valueAt(values, name);
    return value === undefined ? written : String(value);
  });
}

function interpolateDeep(value: unknown, values: TOptions): unknown {
  if (typeof value === "string") return interpolate(value, values);
  if (Array.isArray(value)) return value.map((item) => interpolateDeep(item, values));
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, interpolateDeep(item, values)]),
    );
  }
  return value;
}
