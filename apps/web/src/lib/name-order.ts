/**
 * Given and family name in the order people write them: family name first in Japanese,
 * given name first elsewhere. Forms lay out their two name fields with it.
 */
export function inNameOrder<T>(language: string, given: T, family: T): [T, T] {
  return language === "ja" ? [family, given] : [given, family];
}
