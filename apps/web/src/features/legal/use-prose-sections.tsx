import { useTranslation } from "@/lib/use-translation";
import { type LegalSection, Prose } from "./components/legal-page";

function asList(value: unknown): string[] | undefined {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : undefined;
}

/** Sections written in `legal.json` as `<page>.sections.<id>.{title, paragraphs, items?}`. */
export function useProseSections(page: string, ids: readonly string[]): LegalSection[] {
  const { t } = useTranslation("legal");
  return ids.map((id) => {
    const key = `${page}.sections.${id}`;
    return {
      id,
      title: t(`${key}.title`),
      content: (
        <Prose
          paragraphs={asList(t(`${key}.paragraphs`, { returnObjects: true })) ?? []}
          items={asList(t(`${key}.items`, { returnObjects: true, defaultValue: [] }))}
        />
      ),
    };
  });
}
