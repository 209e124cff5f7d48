import type { TStockResult } from "@shobai/shared";
import { Search } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { errorText } from "@/lib/api-error";
import { toast } from "@/lib/toast";
import { useTranslation } from "@/lib/use-translation";
import { chooseStockPhoto, searchStock } from "../api/media";
import { placePhoto, type TPhotoPlace } from "./site-edits";
import { useChange, useEditingLanguage, useSite, useWebsiteId } from "./store-context";

/** "Photo by {author} on {provider}" with both names linked (Unsplash's required credit). */
export function StockCredit({ result, template }: { result: TStockResult; template: string }) {
  return (
    <>
      {template.split(/(\{\{author\}\}|\{\{provider\}\})/).map((part) =>
        part === "{{author}}" ? (
          <a
            key="author"
            href={result.authorUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="underline"
          >
            {result.author}
          </a>
        ) : part === "{{provider}}" ? (
          <a
            key="provider"
            href={result.providerUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="underline"
          >
            Unsplash
          </a>
        ) : (
          part
        ),
      )}
    </>
  );
}

/**
 * Stock photos from Unsplash (decision 0053), shown only when the operator configured a key:
 * search by keyword, page through results, and place a photo as the top image or in the gallery.
 * Thumbnails and placed photos are Unsplash's own URLs (hotlinked, as its guidelines require);
 * using one makes the server trigger its download tracking.
 */
export function StockPicker() {
  const { t } = useTranslation("websites");
  const websiteId = useWebsiteId();
  const change = useChange();
  const lang = useEditingLanguage();
  const inputId = useId();
  const [query, setQuery] = useState("");
  const [searched, setSearched] = useState("");
  const [results, setResults] = useState<TStockResult[]>([]);
  const [page, setPage] = useState(0);
  const [totalPages, setTotalPages] = useState(0);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  // The proposal for the site's trade (a keyword in the owner's language), one click away.
  const industry = useSite((site) => site.industry);
  const proposal = t(`editor.media.stock.trade.${industry}`);

  async function load(keyword: string, next: number) {
    setLoading(true);
    try {
      const found = await searchStock(websiteId, keyword, next);
      setResults((list) => (next === 1 ? found.results : [...list, ...found.results]));
      setPage(found.page);
      setTotalPages(found.totalPages);
      setTotal(found.total);
      setSearched(keyword);
    } catch (error) {
      toast({ title: errorText(error, t("editor.media.stock.searchFailed")), variant: "destructive" });
    } finally {
      setLoading(false);
    }
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const keyword = query.trim();
    if (keyword) void load(keyword, 1);
  };

  async function use(result: TStockResult, where: TPhotoPlace) {
    setBusy(result.id);
    try {
      // The owner's keyword, in the language being edited, is the first alt text.
      const photo = await chooseStockPhoto(websiteId, result.id, { [lang]: searched });
      change((site) => placePhoto(site, where, photo));
      toast({ title: t("editor.media.stock.used") });
    } catch (error) {
      toast({ title: errorText(error, t("editor.media.stock.failed")), variant: "destructive" });
    } finally {
      setBusy(null);
    }
  }

  return (
    <section
      className="grid gap-3 rounded-xl border p-3"
      aria-labelledby={`${inputId}-title`}
      data-testid="stock-picker"
    >
      <div className="grid gap-1">
        <h3 id={`${inputId}-title`} className="text-sm font-medium">
          {t("editor.media.stock.title")}
        </h3>
        <p className="text-xs text-muted-foreground">{t("editor.media.stock.hint")}</p>
      </div>
      <form className="flex gap-2" onSubmit={onSubmit}>
        <label htmlFor={inputId} className="sr-only">
          {t("editor.media.stock.label")}
        </label>
        <Input
          id={inputId}
          type="search"
          value={query}
          maxLength={100}
          placeholder={t("editor.media.stock.placeholder")}
          onChange={(e) => setQuery(e.target.value)}
          data-testid="stock-query"
        />
        <Button type="submit" size="sm" disabled={loading || !query.trim()} data-testid="stock-search">
          <Search aria-hidden="true" />
          {t("editor.media.stock.search")}
        </Button>
      </form>

      {!searched ? (
        <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          {t("editor.media.stock.suggested")}
          <Button
            type="button"
            size="sm"
            variant="secondary"
            disabled={loading}
            onClick={() => {
              setQuery(proposal);
              void load(proposal, 1);
            }}
            data-testid="stock-proposal"
          >
            {proposal}
          </Button>
        </p>
      ) : null}
      {searched && !loading && results.length === 0 ? (
        <p className="text-sm text-muted-foreground" role="status">
          {t("editor.media.stock.none", { query: searched })}
        </p>
      ) : null}
      {results.length > 0 ? (
        <>
          <p className="text-xs text-muted-foreground" role="status">
            {t("editor.media.stock.results", { count: total })}
          </p>
          <ul className="grid grid-cols-2 gap-3" data-testid="stock-results">
            {results.map((result) => (
              <li key={result.id} className="grid min-w-0 content-start gap-1.5" data-testid="stock-result">
                <img
                  src={result.thumbUrl}
                  alt={result.description}
                  width={result.width}
                  height={result.height}
                  loading="lazy"
                  className="aspect-[4/3] h-auto w-full rounded-lg object-cover"
                  style={{ backgroundColor: result.color ?? undefined }}
                />
                <p className="truncate text-xs text-muted-foreground" data-testid="stock-credit">
                  <StockCredit result={result} template={t("editor.media.stock.credit")} />
                </p>
                <div className="grid gap-1">
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    disabled={busy !== null}
                    onClick={() => void use(result, { kind: "hero" })}
                    data-testid="stock-use-hero"
                  >
                    {t("editor.media.stock.useHero")}
                  </Button>
                  <Button
                    type="button"
                    size="sm"
                    variant="outline"
                    disabled={busy !== null}
                    onClick={() => void use(result, { kind: "gallery" })}
                    data-testid="stock-use-gallery"
                  >
                    {t("editor.media.stock.useGallery")}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
          {page < totalPages ? (
            <Button
              type="button"
              size="sm"
              variant="outline"
              disabled={loading}
              onClick={() => void load(searched, page + 1)}
              data-testid="stock-more"
            >
              {t("editor.media.stock.more")}
            </Button>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
