import { inNameOrder } from "@/lib/name-order";

interface Named {
  firstName: string;
  lastName: string;
  email?: string;
}

/** 山田 太郎 in Japanese, Taro Yamada elsewhere; the email when there is no name at all. */
export function contactName(contact: Named, language: string): string {
  const name = inNameOrder(language, contact.firstName.trim(), contact.lastName.trim())
    .filter(Boolean)
    .join(" ");
  return name || contact.email || "";
}

const LATIN = /^[\p{Script=Latin}\p{N}]/u;

/** "TY" for Taro Yamada; for a Japanese name, the family name's first character (山). */
export function contactInitials(contact: Named): string {
  const first = contact.firstName.trim();
  const last = contact.lastName.trim();
  if (first && !LATIN.test(first)) return (last || first).charAt(0);
  return (first.charAt(0) + last.charAt(0) || contact.email?.charAt(0) || "?").toUpperCase();
}
