import type { TFactItemInput } from "@shobai/shared";
import { Plus, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { useTranslation } from "@/lib/use-translation";
import { useRowKeys } from "../hooks/use-row-keys";

/** The owner's products, services or menu: names as written, prices in yen (tax-inclusive). */
export function ItemsEditor({
  value,
  onChange,
}: {
  value: TFactItemInput[];
  onChange: (items: TFactItemInput[]) => void;
}) {
  const { t } = useTranslation("websites");
  const { keys, remove } = useRowKeys(value.length);
  const setItem = (i: number, item: TFactItemInput) => onChange(value.map((it, j) => (j === i ? item : it)));
  const setPrice = (i: number, item: TFactItemInput, raw: string) => {
    const amount = Number(raw.replace(/[^\d]/g, ""));
    if (!raw.trim()) {
      const { price: _dropped, ...rest } = item;
      setItem(i, rest);
    } else setItem(i, { ...item, price: { ...(item.price ?? { currency: "JPY" }), amount } });
  };
  return (
    <fieldset className="m-0 grid min-w-0 gap-2 border-0 p-0" data-testid="facts-items">
      <legend className="mb-1 text-sm font-medium">{t("facts.items")}</legend>
      {value.length === 0 ? <p className="text-xs text-muted-foreground">{t("facts.itemsEmpty")}</p> : null}
      <ul className="grid gap-2">
        {value.map((item, i) => (
          <li
            key={keys[i]}
            className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-2 sm:grid-cols-[minmax(0,1fr)_7.5rem_auto]"
            data-testid="facts-item"
          >
            <Input
              className="col-span-2 sm:col-span-1"
              aria-label={t("facts.itemName")}
              data-testid={`facts-item-name-${i}`}
              value={item.name}
              maxLength={120}
              onChange={(e) => setItem(i, { ...item, name: e.target.value })}
            />
            <div className="relative max-sm:max-w-40">
              <Input
                inputMode="numeric"
                aria-label={t("facts.itemPrice", { currency: item.price?.currency ?? "JPY" })}
                data-testid={`facts-item-price-${i}`}
                className={item.price?.taxIncluded === false ? "pr-14" : "pr-8"}
                placeholder={t("facts.pricePlaceholder")}
                value={item.price ? String(item.price.amount) : ""}
                onChange={(e) => setPrice(i, item, e.target.value)}
              />
              <span className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-xs text-muted-foreground">
                {(item.price?.currency ?? "JPY") === "JPY" ? "円" : item.price?.currency}
                {item.price?.taxIncluded === false ? (
                  <span data-testid={`facts-item-before-tax-${i}`}>{t("facts.beforeTax")}</span>
                ) : null}
              </span>
            </div>
            <Button
              type="button"
              variant="ghost"
              size="icon-sm"
              aria-label={t("facts.removeItem", { name: item.name })}
              onClick={() => {
                remove(i);
                onChange(value.filter((_, j) => j !== i));
              }}
            >
              <X aria-hidden />
            </Button>
          </li>
        ))}
      </ul>
      <p className="text-xs text-muted-foreground">{t("facts.pricesHint")}</p>
      <div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          data-testid="facts-add-item"
          onClick={() => onChange([...value, { name: "" }])}
        >
          <Plus aria-hidden />
          {t("facts.addItem")}
        </Button>
      </div>
    </fieldset>
  );
}
