import { LANGUAGE_NATIVE_NAMES, MEDIA_MAX_BYTES, type TLanguage, type TMediaItem } from "@shobai/shared";
import { stockImageUrl, type TSitePhoto, withoutPhoto, withPhotoText } from "@shobai/sitegen/editor";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { ImagePlus, Sparkles, Trash2, X } from "lucide-react";
import { type DragEvent, type KeyboardEvent, type MouseEvent, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { errorText, getErrorCode } from "@/lib/api-error";
import { cn } from "@/lib/cn";
import { toast } from "@/lib/toast";
import { useTranslation } from "@/lib/use-translation";
import { deleteMedia, mediaQuery, mediaQueryKey, suggestAlt, updateMedia, uploadMedia } from "../api/media";
import { photoOf, placePhoto, setPhotoFocus, type TPhotoPlace, unplacePhoto } from "./site-edits";
import { StockPicker } from "./stock-picker";
import { useChange, useEditingLanguage, useSite, useWebsiteId } from "./store-context";

type Upload = { key: string; name: string; progress: number; error?: string };

const mb = (bytes: number) => (bytes / 1048576).toFixed(bytes < 10 * 1048576 ? 1 : 0);

/**
 * Where the app serves a variant of the site's photo (the library's thumbnails, the placements); a
 * stock photo comes from its provider (hotlinked).
 */
export const variantUrl = (websiteId: string, photo: Pick<TSitePhoto, "hash" | "widths" | "stock">) =>
  photo.stock
    ? stockImageUrl(photo.stock.url, 480, "webp")
    : `/media/${encodeURIComponent(websiteId)}/${photo.hash}-${photo.widths[0] ?? 480}.webp`;

/**
 * The site's media library (issue 19): upload by drag and drop or the file picker (several at once,
 * each with its progress), alt text per site language, an explicit decorative choice, placing a
 * photo in the hero, the about section, a service or menu item or the gallery, and deleting.
 */
export function MediaPanel() {
  const { t } = useTranslation("websites");
  const websiteId = useWebsiteId();
  const queryClient = useQueryClient();
  const query = useQuery(mediaQuery(websiteId));
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [selected, setSelected] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();

  const refresh = () => queryClient.invalidateQueries({ queryKey: mediaQueryKey(websiteId) });

  async function uploadAll(files: File[]) {
    const queued = files.map((file, i) => ({
      key: `${Date.now()}-${i}-${file.name}`,
      name: file.name,
      file,
    }));
    setUploads((list) => [...list, ...queued.map(({ key, name }) => ({ key, name, progress: 0 }))]);
    const update = (key: string, patch: Partial<Upload>) =>
      setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...patch } : u)));
    // Two at a time: quick on a phone connection without starving the preview.
    let next = 0;
    const worker = async () => {
      while (next < queued.length) {
        const item = queued[next++];
        if (!item) break;
        if (item.file.size > MEDIA_MAX_BYTES) {
          update(item.key, { error: t("editor.media.tooLarge") });
          continue;
        }
        try {
          const uploaded = await uploadMedia(websiteId, item.file, (share) =>
            update(item.key, { progress: share }),
          );
          setUploads((list) => list.filter((u) => u.key !== item.key));
          setSelected(uploaded.id);
          await refresh();
        } catch (error) {
          update(item.key, { error: errorText(error, t("editor.media.uploadFailed")) });
        }
      }
    };
    await Promise.all([worker(), worker()]);
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const files = Array.from(event.dataTransfer.files);
    if (files.length > 0) void uploadAll(files);
  };

  const items = query.data?.items ?? [];
  const usage = query.data?.usage;
  const chosen = items.find((i) => i.id === selected) ?? null;

  return (
    <div className="grid gap-4" data-testid="media-panel">
      <section
        aria-label={t("editor.media.dropLabel")}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          "grid justify-items-center gap-2 rounded-xl border-2 border-dashed p-5 text-center transition-colors",
          dragging ? "border-primary bg-primary/5" : "border-border bg-muted/40",
        )}
        data-testid="media-dropzone"
      >
        <ImagePlus className="size-7 text-muted-foreground" aria-hidden="true" />
        <p className="text-sm font-medium">{t("editor.media.dropHint")}</p>
        <p className="text-xs text-muted-foreground">{t("editor.media.formats")}</p>
        <label htmlFor={inputId} className="sr-only">
          {t("editor.media.choose")}
        </label>
        <input
          id={inputId}
          ref={input}
          type="file"
          accept="image/*"
          multiple
          className="sr-only"
          data-testid="media-file-input"
          onChange={(e) => {
            const files = Array.from(e.target.files ?? []);
            e.target.value = "";
            if (files.length > 0) void uploadAll(files);
          }}
        />
        <Button type="button" size="sm" onClick={() => input.current?.click()}>
          {t("editor.media.choose")}
        </Button>
      </section>

      {uploads.length > 0 ? (
        <ul className="grid gap-2" aria-live="polite" data-testid="media-uploads">
          {uploads.map((u) => (
            <li key={u.key} className="grid gap-1 rounded-lg border p-2 text-sm">
              <div className="flex items-center justify-between gap-2">
                <span className="truncate">{u.name}</span>
                {u.error ? (
                  <button
                    type="button"
                    className="text-muted-foreground hover:text-foreground"
                    aria-label={t("editor.close")}
                    onClick={() => setUploads((list) => list.filter((x) => x.key !== u.key))}
                  >
                    <X className="size-4" />
                  </button>
                ) : (
                  <span className="tabular-nums text-muted-foreground">{Math.round(u.progress * 100)}%</span>
                )}
              </div>
              {u.error ? (
                <p className="text-xs text-destructive" role="alert">
                  {u.error}
                </p>
              ) : (
                <div
                  className="h-1.5 overflow-hidden rounded-full bg-muted"
                  role="progressbar"
                  aria-label={u.name}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={Math.round(u.progress * 100)}
                >
                  <div
                    className="h-full bg-primary transition-[width]"
                    style={{ width: `${u.progress * 100}%` }}
                  />
                </div>
              )}
            </li>
          ))}
        </ul>
      ) : null}

      {usage ? (
        <div className="grid gap-1" data-testid="media-usage">
          <div className="flex justify-between text-xs text-muted-foreground">
            <span>{t("editor.media.storage")}</span>
            <span className="tabular-nums">
              {t("editor.media.used", { used: mb(usage.usedBytes), quota: mb(usage.quotaBytes) })}
            </span>
          </div>
          <div className="h-1.5 overflow-hidden rounded-full bg-muted">
            <div
              className="h-full bg-primary"
              style={{ width: `${Math.min(100, (usage.usedBytes / usage.quotaBytes) * 100)}%` }}
            />
          </div>
        </div>
      ) : null}

      {query.isLoading ? (
        <div className="grid grid-cols-3 gap-2">
          <Skeleton className="aspect-square" />
          <Skeleton className="aspect-square" />
          <Skeleton className="aspect-square" />
        </div>
      ) : items.length === 0 ? (
        <p className="rounded-lg bg-muted/50 p-3 text-sm text-muted-foreground" data-testid="media-empty">
          {t("editor.media.empty")}
        </p>
      ) : (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4" data-testid="media-grid">
          {items.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                onClick={() => setSelected(item.id)}
                aria-pressed={item.id === selected}
                className={cn(
                  "block w-full overflow-hidden rounded-lg border-2 focus-visible:outline-2 focus-visible:outline-ring",
                  item.id === selected ? "border-primary" : "border-transparent",
                )}
                data-testid="media-item"
              >
                <img
                  src={item.thumbnailUrl}
                  alt={item.alt[Object.keys(item.alt)[0] as TLanguage] || item.fileName}
                  className="aspect-square w-full bg-muted object-cover"
                  loading="lazy"
                />
              </button>
            </li>
          ))}
        </ul>
      )}

      {chosen ? (
        <PhotoDetails
          key={chosen.id}
          item={chosen}
          altSuggestions={query.data?.altSuggestions ?? false}
          onChanged={refresh}
          onDeleted={() => setSelected(null)}
        />
      ) : null}

      {query.data?.stock ? <StockPicker /> : null}

      <Placements />
    </div>
  );
}

/** One photo's texts, where it goes, and deleting it. */
function PhotoDetails({
  item,
  altSuggestions,
  onChanged,
  onDeleted,
}: {
  item: TMediaItem;
  /** The AI provider can suggest alt texts. */
  altSuggestions: boolean;
  onChanged: () => Promise<unknown>;
  onDeleted: () => void;
}) {
  const { t } = useTranslation("websites");
  const websiteId = useWebsiteId();
  const change = useChange();
  const lang = useEditingLanguage();
  const languages = useSite((s) => s.languages);
  const itemNames = useSite((s) => s.content[lang]?.offerings.items.map((i) => i.name).join("\u0000") ?? "");
  const names = itemNames ? itemNames.split("\u0000") : [];
  const [alt, setAlt] = useState<Partial<Record<TLanguage, string>>>(item.alt);
  const [decorative, setDecorative] = useState(item.decorative);
  const [saving, setSaving] = useState(false);
  const [itemIndex, setItemIndex] = useState(0);
  const [confirming, setConfirming] = useState(false);
  const decorativeId = useId();
  const itemSelectId = useId();

  const dirty =
    decorative !== item.decorative || languages.some((l) => (alt[l] ?? "") !== (item.alt[l] ?? ""));

  async function save() {
    setSaving(true);
    try {
      const updated = await updateMedia(websiteId, item.id, { alt, decorative });
      // The draft being edited gets the same texts (the server changed its stored copy too).
      change((site) => withPhotoText(site, item.id, { alt: updated.alt, decorative: updated.decorative }));
      await onChanged();
      toast({ title: t("editor.media.saved") });
    } catch (error) {
      toast({ title: errorText(error, t("editor.media.saveFailed")), variant: "destructive" });
    } finally {
      setSaving(false);
    }
  }

  const [suggesting, setSuggesting] = useState(false);
  async function suggest() {
    setSuggesting(true);
    try {
      const suggestion = await suggestAlt(websiteId, item.id);
      // Filled in, not saved: the owner reads and confirms them with "Save text".
      setAlt((a) => ({ ...a, ...suggestion.alt }));
      setDecorative(false);
      toast({ title: t("editor.media.suggestAltDone") });
    } catch (error) {
      toast({ title: errorText(error, t("editor.media.suggestAltFailed")), variant: "destructive" });
    } finally {
      setSuggesting(false);
    }
  }

  async function remove(confirm: boolean) {
    try {
      if (confirm) change((site) => withoutPhoto(site, item.id));
      await deleteMedia(websiteId, item.id, confirm);
      setConfirming(false);
      onDeleted();
      await onChanged();
    } catch (error) {
      if (getErrorCode(error) === "media_in_use") setConfirming(true);
      else toast({ title: errorText(error, t("editor.media.deleteFailed")), variant: "destructive" });
    }
  }

  const place = (where: TPhotoPlace) => {
    change((site) => placePhoto(site, where, { ...photoOf(item), alt, decorative }));
    toast({ title: t("editor.media.placed") });
  };

  return (
    <div className="grid gap-3 rounded-xl border p-3" data-testid="media-details">
      <div className="flex items-start gap-3">
        <img src={item.thumbnailUrl} alt="" className="size-20 flex-none rounded-lg bg-muted object-cover" />
        <div className="min-w-0 text-xs text-muted-foreground">
          <p className="truncate font-medium text-foreground">
            {item.fileName || t("editor.media.untitled")}
          </p>
          <p>
            {item.width} × {item.height} px · {mb(item.bytes)} MB
          </p>
        </div>
      </div>

      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">{t("editor.media.altTitle")}</legend>
        <p className="text-xs text-muted-foreground">{t("editor.media.altHint")}</p>
        {languages.map((l) => (
          <AltField
            key={l}
            lang={l}
            value={alt[l] ?? ""}
            disabled={decorative}
            onChange={(value) => setAlt((a) => ({ ...a, [l]: value }))}
          />
        ))}
        <div className="flex items-start gap-2">
          <input
            id={decorativeId}
            type="checkbox"
            checked={decorative}
            onChange={(e) => setDecorative(e.target.checked)}
            className="mt-1 size-4 accent-primary"
            data-testid="media-decorative"
          />
          <label htmlFor={decorativeId} className="text-sm">
            {t("editor.media.decorative")}
            <span className="block text-xs text-muted-foreground">{t("editor.media.decorativeHint")}</span>
          </label>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            size="sm"
            disabled={!dirty || saving}
            onClick={() => void save()}
            data-testid="media-save"
          >
            {t("editor.media.save")}
          </Button>
          {altSuggestions ? (
            <Button
              type="button"
              size="sm"
              variant="outline"
              disabled={suggesting}
              onClick={() => void suggest()}
              data-testid="media-suggest-alt"
            >
              <Sparkles aria-hidden="true" />
              {t("editor.media.suggestAlt")}
            </Button>
          ) : null}
        </div>
      </fieldset>

      <div className="grid gap-2">
        <p className="text-sm font-medium">{t("editor.media.placeTitle")}</p>
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            size="sm"
            variant="outline"
            onClick={() => place({ kind: "logo" })}
            data-testid="media-place-logo"
          >
            {t("editor.media.places.logo")}
          </Button>
          <Button
            type="button"
            size="sm"
            variant="outline"
            onClick={() => place({ kind: "hero" })}
            data-testid="media-place-hero"
          >
            {t("editor.media.places.hero")}
          </Button>
          <Button
            type="button"
            size="sm"
            variant="outline"
            onClick={() => place({ kind: "about" })}
            data-testid="media-place-about"
          >
            {t("editor.media.places.about")}
          </Button>
          <Button
            type="button"
            size="sm"
            variant="outline"
            onClick={() => place({ kind: "gallery" })}
            data-testid="media-place-gallery"
          >
            {t("editor.media.places.gallery")}
          </Button>
        </div>
        {names.length > 0 ? (
          <div className="flex flex-wrap items-end gap-2">
            <div className="grid min-w-0 flex-1 gap-1">
              <label htmlFor={itemSelectId} className="text-xs text-muted-foreground">
                {t("editor.media.places.item")}
              </label>
              <select
                id={itemSelectId}
                value={itemIndex}
                onChange={(e) => setItemIndex(Number(e.target.value))}
                className="h-8 rounded-lg border border-input bg-background px-2 text-sm"
                data-testid="media-item-select"
              >
                {names.map((name, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: items are placed by their position
                  <option key={i} value={i}>
                    {name}
                  </option>
                ))}
              </select>
            </div>
            <Button
              type="button"
              size="sm"
              variant="outline"
              onClick={() => place({ kind: "item", index: itemIndex })}
              data-testid="media-place-item"
            >
              {t("editor.media.places.itemButton")}
            </Button>
          </div>
        ) : null}
      </div>

      <div>
        <Button
          type="button"
          size="sm"
          variant="ghost"
          className="text-destructive"
          onClick={() => void remove(false)}
          data-testid="media-delete"
        >
          <Trash2 aria-hidden="true" />
          {t("editor.media.delete")}
        </Button>
      </div>

      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent closeLabel={t("editor.close")} data-testid="media-delete-confirm">
          <DialogHeader>
            <DialogTitle>{t("editor.media.inUseTitle")}</DialogTitle>
            <DialogDescription>{t("editor.media.inUseText")}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setConfirming(false)}>
              {t("editor.media.keep")}
            </Button>
            <Button variant="destructive" onClick={() => void remove(true)} data-testid="media-delete-anyway">
              {t("editor.media.deleteAnyway")}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}

function AltField({
  lang,
  value,
  disabled,
  onChange,
}: {
  lang: TLanguage;
  value: string;
  disabled: boolean;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-xs text-muted-foreground">
        {LANGUAGE_NATIVE_NAMES[lang]}
      </label>
      <Input
        id={id}
        lang={lang}
        value={disabled ? "" : value}
        disabled={disabled}
        maxLength={300}
        onChange={(e) => onChange(e.target.value)}
        data-testid={`media-alt-${lang}`}
      />
    </div>
  );
}

/** What the page shows now: each placed photo with its focus point, and taking it off. */
function Placements() {
  const { t } = useTranslation("websites");
  const websiteId = useWebsiteId();
  const change = useChange();
  const lang = useEditingLanguage();
  const photos = useSite((s) => s.photos);
  const itemNames = useSite((s) => s.content[lang]?.offerings.items.map((i) => i.name).join("\u0000") ?? "");
  const names = itemNames ? itemNames.split("\u0000") : [];
  const rows: { key: string; label: string; place: TPhotoPlace; photo: TSitePhoto; galleryIndex?: number }[] =
    [];
  if (photos?.logo)
    rows.push({
      key: "logo",
      label: t("editor.media.places.logoPlaced"),
      place: { kind: "logo" },
      photo: photos.logo,
    });
  if (photos?.hero)
    rows.push({
      key: "hero",
      label: t("editor.media.places.hero"),
      place: { kind: "hero" },
      photo: photos.hero,
    });
  if (photos?.about)
    rows.push({
      key: "about",
      label: t("editor.media.places.about"),
      place: { kind: "about" },
      photo: photos.about,
    });
  photos?.items?.forEach((photo, index) => {
    if (photo && index < names.length)
      rows.push({ key: `item-${index}`, label: names[index] ?? "", place: { kind: "item", index }, photo });
  });
  for (const [index, photo] of (photos?.gallery ?? []).entries()) {
    rows.push({
      key: `gallery-${index}`,
      label: `${t("editor.media.places.gallery")} ${index + 1}`,
      place: { kind: "gallery" },
      photo,
      galleryIndex: index,
    });
  }

  if (rows.length === 0) return null;
  return (
    <section className="grid gap-2" aria-labelledby="media-placed-title" data-testid="media-placements">
      <h3 id="media-placed-title" className="text-sm font-medium">
        {t("editor.media.placedTitle")}
      </h3>
      <p className="text-xs text-muted-foreground">{t("editor.media.focusHint")}</p>
      <ul className="grid gap-2">
        {rows.map((row) => (
          <li
            key={row.key}
            className="flex items-center gap-3 rounded-lg border p-2"
            data-testid={`media-placed-${row.key}`}
          >
            {row.place.kind === "logo" ? (
              // A logo is shown whole (never cropped): no focus point to choose.
              <img
                src={variantUrl(websiteId, row.photo)}
                alt=""
                className="h-12 w-20 flex-none rounded-md bg-muted object-contain"
              />
            ) : (
              <FocusPicker
                src={variantUrl(websiteId, row.photo)}
                aspect={`${row.photo.width} / ${row.photo.height}`}
                focus={row.photo.focus ?? { x: 50, y: 50 }}
                label={t("editor.media.focus", { place: row.label })}
                onFocus={(focus) => change((site) => setPhotoFocus(site, row.place, focus, row.galleryIndex))}
              />
            )}
            <span className="min-w-0 flex-1 truncate text-sm">{row.label}</span>
            <Button
              type="button"
              size="icon-sm"
              variant="ghost"
              aria-label={t("editor.media.unplace", { place: row.label })}
              onClick={() => change((site) => unplacePhoto(site, row.place, row.galleryIndex))}
            >
              <X />
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The part of the photo that stays in view when it is cropped: click it, or move it with the arrow keys. */
function FocusPicker({
  src,
  aspect,
  focus,
  label,
  onFocus,
}: {
  src: string;
  /** The photo's own proportions, so a click lands where it points. */
  aspect: string;
  focus: { x: number; y: number };
  label: string;
  onFocus: (focus: { x: number; y: number }) => void;
}) {
  const clamp = (n: number) => Math.min(100, Math.max(0, n));
  const onClick = (event: MouseEvent<HTMLButtonElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return;
    onFocus({
      x: clamp(((event.clientX - box.left) / box.width) * 100),
      y: clamp(((event.clientY - box.top) / box.height) * 100),
    });
  };
  const onKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = event.shiftKey ? 10 : 5;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    onFocus({ x: clamp(focus.x + move[0]), y: clamp(focus.y + move[1]) });
  };
  return (
    <button
      type="button"
      className="relative max-h-20 w-20 flex-none overflow-hidden rounded-md bg-muted focus-visible:outline-2 focus-visible:outline-ring"
      style={{ aspectRatio: aspect }}
      aria-label={`${label} (${Math.round(focus.x)}%, ${Math.round(focus.y)}%)`}
      onClick={onClick}
      onKeyDown={onKey}
    >
      <img src={src} alt="" className="size-full object-fill" />
      <span
        aria-hidden="true"
        className="absolute size-3 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-primary shadow"
        style={{ left: `${focus.x}%`, top: `${focus.y}%` }}
      />
    </button>
  );
}
