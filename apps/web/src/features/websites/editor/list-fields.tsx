import { ArrowDown, ArrowUp, Plus, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { useTranslation } from "@/lib/use-translation";
import {
  addListItem,
  emptyTestimonial,
  itemPrice,
  moveListItem,
  removeListItem,
  setItemPrice,
  type TListPath,
} from "./site-edits";
import { useChange, useEditingLanguage, useSite } from "./store-context";
import { TextField } from "./text-field";

/** Move up, move down and remove for one item of a list (menu items, FAQ entries, paragraphs). */
function ItemControls({
  path,
  index,
  count,
  min,
  label,
}: {
  path: TListPath;
  index: number;
  count: number;
  min: number;
  label: string;
}) {
  const { t } = useTranslation("websites");
  const change = useChange();
  return (
    <div className="flex items-center gap-1">
      <Button
        variant="ghost"
        size="icon-sm"
        disabled={index === 0}
        aria-label={t("editor.item.up", { item: label })}
        onClick={() => change((site) => moveListItem(site, path, index, index - 1))}
      >
        <ArrowUp aria-hidden />
      </Button>
      <Button
        variant="ghost"
        size="icon-sm"
        disabled={index === count - 1}
        aria-label={t("editor.item.down", { item: label })}
        onClick={() => change((site) => moveListItem(site, path, index, index + 1))}
      >
        <ArrowDown aria-hidden />
      </Button>
      <Button
        variant="ghost"
        size="icon-sm"
        disabled={count <= min}
        aria-label={t("editor.item.remove", { item: label })}
        onClick={() => change((site) => removeListItem(site, path, index))}
        data-testid="editor-item-remove"
      >
        <X aria-hidden />
      </Button>
    </div>
  );
}

function PriceField({ index }: { index: number }) {
  const { t } = useTranslation("websites");
  const lang = useEditingLanguage();
  const price = useSite((site) => itemPrice(site, lang, index));
  const change = useChange();
  const id = `editor-price-${index}`;
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-xs font-medium text-muted-foreground">
        {t("editor.fields.price")}
      </label>
      <div className="flex items-center gap-2">
        <span aria-hidden>¥</span>
        <Input
          id={id}
          inputMode="numeric"
          className="w-32"
          value={price === null ? "" : String(price)}
          data-testid="editor-item-price"
          onChange={(e) => {
            const digits = e.target.value.replace(/[^\d]/g, "").slice(0, 9);
            change((site) => setItemPrice(site, lang, index, digits === "" ? null : Number(digits)));
          }}
        />
        <span className="text-xs text-muted-foreground">{t("editor.fields.taxIncluded")}</span>
      </div>
    </div>
  );
}

export function OfferingItems() {
  const { t } = useTranslation("websites");
  const lang = useEditingLanguage();
  const count = useSite((site) => site.content[lang]?.offerings.items.length ?? 0);
  const change = useChange();
  const path: TListPath = ["offerings", "items"];
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-3">
      {Array.from({ length: count }, (_, i) => (
        <fieldset
          // biome-ignore lint/suspicious/noArrayIndexKey: items are addressed by position in the model
          key={i}
          className="m-0 grid min-w-0 grid-cols-[minmax(0,1fr)] gap-2 rounded-lg border border-border p-3"
          data-testid="editor-item"
        >
          <legend className="sr-only">{t("editor.item.label", { n: i + 1 })}</legend>
          <div className="flex items-center justify-between">
            <span className="text-xs font-semibold">{t("editor.item.label", { n: i + 1 })}</span>
            <ItemControls
              path={path}
              index={i}
              count={count}
              min={1}
              label={t("editor.item.label", { n: i + 1 })}
            />
          </div>
          <TextField
            label={t("editor.fields.itemName")}
            path={[...path, i, "name"]}
            maxLength={120}
            testId="editor-item-name"
          />
          <TextField
            label={t("editor.fields.itemDescription")}
            path={[...path, i, "description"]}
            multiline
            maxLength={400}
          />
          <PriceField index={i} />
        </fieldset>
      ))}
      <Button
        variant="outline"
        size="sm"
        disabled={count >= 20}
        onClick={() =>
          change((site) => addListItem(site, path, { name: t("editor.item.newName"), description: "" }))
        }
        data-testid="editor-item-add"
      >
        <Plus aria-hidden />
        {t("editor.item.add")}
      </Button>
    </div>
  );
}

export function FaqItems() {
  const { t } = useTranslation("websites");
  const lang = useEditingLanguage();
  const count = useSite((site) => site.content[lang]?.faq.items.length ?? 0);
  const change = useChange();
  const path: TListPath = ["faq", "items"];
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-3">
      {Array.from({ length: count }, (_, i) => (
        <fieldset
          // biome-ignore lint/suspicious/noArrayIndexKey: entries are addressed by position in the model
          key={i}
          className="m-0 grid min-w-0 grid-cols-[minmax(0,1fr)] gap-2 rounded-lg border border-border p-3"
        >
          <legend className="sr-only">{t("editor.faq.label", { n: i + 1 })}</legend>
          <div className="flex items-center justify-between">
            <span className="text-xs font-semibold">{t("editor.faq.label", { n: i + 1 })}</span>
            <ItemControls
              path={path}
              index={i}
              count={count}
              min={1}
              label={t("editor.faq.label", { n: i + 1 })}
            />
          </div>
          <TextField label={t("editor.fields.question")} path={[...path, i, "question"]} maxLength={200} />
          <TextField
            label={t("editor.fields.answer")}
            path={[...path, i, "answer"]}
            multiline
            maxLength={800}
          />
        </fieldset>
      ))}
      <Button
        variant="outline"
        size="sm"
        disabled={count >= 8}
        onClick={() =>
          change((site) =>
            addListItem(site, path, {
              question: t("editor.faq.newQuestion"),
              answer: t("editor.faq.newAnswer"),
            }),
          )
        }
      >
        <Plus aria-hidden />
        {t("editor.faq.add")}
      </Button>
    </div>
  );
}

export function Paragraphs() {
  const { t } = useTranslation("websites");
  const lang = useEditingLanguage();
  const count = useSite((site) => site.content[lang]?.about.paragraphs.length ?? 0);
  const change = useChange();
  const path: TListPath = ["about", "paragraphs"];
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-3">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs are addressed by position in the model
        <div key={i} className="grid gap-1">
          <div className="flex items-center justify-between">
            <span className="text-xs font-semibold">{t("editor.paragraph", { n: i + 1 })}</span>
            <ItemControls
              path={path}
              index={i}
              count={count}
              min={1}
              label={t("editor.paragraph", { n: i + 1 })}
            />
          </div>
          <TextField
            label={t("editor.paragraph", { n: i + 1 })}
            path={[...path, i]}
            multiline
            maxLength={1200}
          />
        </div>
      ))}
      <Button
        variant="outline"
        size="sm"
        disabled={count >= 4}
        onClick={() => change((site) => addListItem(site, path, t("editor.newParagraph")))}
      >
        <Plus aria-hidden />
        {t("editor.addParagraph")}
      </Button>
    </div>
  );
}

/** What customers said, as the owner types it: quote, name, optional detail. Blank entries are not shown. */
export function TestimonialItems() {
  const { t } = useTranslation("websites");
  const lang = useEditingLanguage();
  const count = useSite((site) => site.content[lang]?.testimonials?.items.length ?? 0);
  const change = useChange();
  const path: TListPath = ["testimonials", "items"];
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-3">
      {Array.from({ length: count }, (_, i) => (
        <fieldset
          // biome-ignore lint/suspicious/noArrayIndexKey: entries are addressed by position in the model
          key={i}
          className="m-0 grid min-w-0 grid-cols-[minmax(0,1fr)] gap-2 rounded-lg border border-border p-3"
          data-testid="editor-testimonial"
        >
          <legend className="sr-only">{t("editor.testimonials.label", { n: i + 1 })}</legend>
          <div className="flex items-center justify-between">
            <span className="text-xs font-semibold">{t("editor.testimonials.label", { n: i + 1 })}</span>
            <ItemControls
              path={path}
              index={i}
              count={count}
              min={0}
              label={t("editor.testimonials.label", { n: i + 1 })}
            />
          </div>
          <TextField
            label={t("editor.testimonials.quote")}
            path={[...path, i, "quote"]}
            multiline
            maxLength={600}
            testId="editor-testimonial-quote"
            optional
          />
          <TextField
            label={t("editor.testimonials.name")}
            path={[...path, i, "name"]}
            maxLength={80}
            testId="editor-testimonial-name"
            optional
          />
          <TextField
            label={t("editor.testimonials.detail")}
            path={[...path, i, "detail"]}
            maxLength={80}
            testId="editor-testimonial-detail"
            optional
          />
        </fieldset>
      ))}
      <Button
        variant="outline"
        size="sm"
        disabled={count >= 12}
        onClick={() => change((site) => addListItem(site, path, emptyTestimonial()))}
        data-testid="editor-testimonial-add"
      >
        <Plus aria-hidden />
        {t("editor.testimonials.add")}
      </Button>
    </div>
  );
}
