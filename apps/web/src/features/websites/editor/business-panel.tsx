import { type TSiteFacts, ZOpeningHours } from "@shobai/shared";
import { useId } from "react";
import { Input } from "@/components/ui/input";
import { useTranslation } from "@/lib/use-translation";
import { HoursEditor } from "../components/hours-editor";
import { factsOf, setBusinessName, setFacts } from "./site-edits";
import { useChange, useDerived, useSite } from "./store-context";

const POSTAL = /^〒?\s?(\d{3}-?\d{4})\s*/;

/** "〒604-8001 京都府…" as its postal code and the rest. */
function splitAddress(address: string | null): { postal: string; rest: string } {
  const match = POSTAL.exec(address ?? "");
  if (!match) return { postal: "", rest: address ?? "" };
  return { postal: match[1] ?? "", rest: (address ?? "").slice(match[0].length) };
}

function joinAddress(postal: string, rest: string): string | null {
  const digits = postal.replace(/[^\d]/g, "");
  const code = digits.length === 7 ? `〒${digits.slice(0, 3)}-${digits.slice(3)}` : postal.trim();
  const joined = [code, rest.trim()].filter(Boolean).join(" ");
  return joined === "" ? null : joined.slice(0, 300);
}

function Field({
  label,
  value,
  onChange,
  testId,
  type = "text",
  hint,
  maxLength,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  testId: string;
  type?: string;
  hint?: string;
  maxLength?: number;
}) {
  const id = useId();
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-xs font-medium text-muted-foreground">
        {label}
      </label>
      <Input
        id={id}
        type={type}
        value={value}
        maxLength={maxLength}
        onChange={(e) => onChange(e.target.value)}
        data-testid={testId}
      />
      {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
    </div>
  );
}

/**
 * The business's facts as data (decision 0025): name, phone, email, postal address, opening hours.
 * Every language shows them from here, formatted its own way.
 */
export function BusinessPanel() {
  const { t } = useTranslation("websites");
  const change = useChange();
  const name = useSite((site) => site.businessName);
  const facts = useDerived(factsOf);
  const update = (patch: Partial<TSiteFacts>) =>
    change((site) => setFacts(site, (f) => ({ ...f, ...patch })));
  const address = splitAddress(facts.address);
  const orNull = (value: string) => (value.trim() === "" ? null : value);
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
      <Field
        label={t("editor.business.name")}
        value={name}
        maxLength={120}
        onChange={(value) => change((site) => setBusinessName(site, value))}
        testId="editor-business-name"
      />
      <Field
        label={t("editor.business.phone")}
        type="tel"
        value={facts.phone ?? ""}
        maxLength={40}
        onChange={(value) => update({ phone: orNull(value) })}
        testId="editor-business-phone"
      />
      <Field
        label={t("editor.business.email")}
        type="email"
        value={facts.email ?? ""}
        maxLength={200}
        onChange={(value) => update({ email: orNull(value) })}
        testId="editor-business-email"
      />
      <div className="grid grid-cols-[8rem_1fr] gap-2">
        <Field
          label={t("editor.business.postalCode")}
          value={address.postal}
          maxLength={9}
          onChange={(value) => update({ address: joinAddress(value, address.rest) })}
          testId="editor-business-postal"
          hint="〒"
        />
        <Field
          label={t("editor.business.address")}
          value={address.rest}
          maxLength={280}
          onChange={(value) => update({ address: joinAddress(address.postal, value) })}
          testId="editor-business-address"
        />
      </div>
      <HoursEditor
        value={facts.hours}
        onChange={(hours) => {
          if (!hours) return update({ hours: null });
          const parsed = ZOpeningHours.safeParse(hours);
          if (parsed.success) update({ hours: parsed.data });
        }}
      />
    </div>
  );
}
