import type { TContact, TContactField } from "@shobai/shared";
import { formatDate, formatNumber } from "@/lib/format";

/** A custom field's value as a list shows it: dates and numbers in the interface locale. */
export function customValueText(contact: TContact, field: TContactField): string {
  const value = contact.customFields[field.id];
  if (value === undefined || value === "") return "";
  if (field.type === "number" && typeof value === "number") return formatNumber(value);
  if (field.type === "date" && typeof value === "string") return formatDate(`${value}T12:00:00+09:00`);
  return String(value);
}
