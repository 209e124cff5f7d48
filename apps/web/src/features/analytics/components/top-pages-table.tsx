import type { TAnalyticsReport } from "@shobai/shared";
import { formatNumber } from "@/lib/format";
import { useTranslation } from "@/lib/use-translation";

/** The most viewed paths with their pageviews and visitors. */
export function TopPagesTable({
  pages,
  language,
}: {
  pages: TAnalyticsReport["topPages"];
  language: string;
}) {
  const { t } = useTranslation("analytics");
  if (pages.length === 0) {
    return <p className="py-6 text-center text-sm text-muted-foreground">{t("traffic.noData")}</p>;
  }
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" data-testid="analytics-top-pages">
        <thead>
          <tr className="border-b border-border text-left text-xs text-muted-foreground">
            <th scope="col" className="py-2 pr-3 font-medium">
              {t("traffic.page")}
            </th>
            <th scope="col" className="w-px whitespace-nowrap px-3 py-2 text-right font-medium">
              {t("stats.pageviews")}
            </th>
            <th scope="col" className="w-px whitespace-nowrap py-2 pl-3 text-right font-medium">
              {t("stats.visitors")}
            </th>
          </tr>
        </thead>
        <tbody>
          {pages.map((page) => (
            <tr key={page.path} className="border-b border-border last:border-0">
              <td className="max-w-0 py-2.5 pr-3">
                <span className="block truncate font-mono text-[0.8125rem]" title={page.path}>
                  {page.path}
                </span>
              </td>
              <td className="px-3 py-2.5 text-right tabular-nums">
                {formatNumber(page.pageviews, language)}
              </td>
              <td className="py-2.5 pl-3 text-right tabular-nums">{formatNumber(page.visitors, language)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
