import { formatContactName, formatContactNameWithHonorific } from "@shobai/shared/constants";

interface Named {
  firstName: string;
  lastName: string;
  firstNameKana?: string;
  lastNameKana?: string;
  company?: string;
  email?: string;
}

/**
 * The one display of a name, by the name's script: 「佐々木 花子」, "John Smith"; the company when
 * there is no personal name, the email when there is nothing else.
 */
export function contactName(contact: Named): string {
  return formatContactName(contact);
}

/** The name as a heading addresses the person: with 様 (or 御中 for a company) in Japanese. */
export function contactTitle(contact: Named, language: string): string {
  return language === "ja" ? formatContactNameWithHonorific(contact) : formatContactName(contact);
}

const LATIN = /^[\p{Script=Latin}\p{N}]/u;

/** "JS" for John Smith; for a Japanese name, the family name's first character (佐). */
export function contactInitials(contact: Named): string {
  const first = contact.firstName.trim();
  const last = contact.lastName.trim();
  const lead = last || first || contact.company?.trim() || "";
  if (lead && !LATIN.test(lead)) return lead.charAt(0);
  if (!first && !last) return (lead.charAt(0) || contact.email?.charAt(0) || "?").toUpperCase();
  return (first.charAt(0) + last.charAt(0)).toUpperCase();
}
