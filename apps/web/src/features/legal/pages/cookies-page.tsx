import { useTranslation } from "@/lib/use-translation";
import { LegalPage } from "../components/legal-page";
import { useProseSections } from "../use-prose-sections";

const COOKIE_SECTIONS = ["about", "list", "consent", "hostedSites", "control"] as const;

/** Spec §9: the five named in the cookie policy, in its order. */
export const POLICY_COOKIES = ["auth_session", "user_language", "_ga", "_gid", "cookie_consent"] as const;

const COLUMNS = ["purpose", "duration", "category", "status"] as const;

/** On phones each row becomes a card, its cells labelled; from `sm` up it is an ordinary table. */
function CookieTable() {
  const { t } = useTranslation("legal");
  return (
    <div className="rounded-xl border border-border bg-background sm:overflow-x-auto">
      <table className="w-full border-collapse text-left text-sm max-sm:block" data-testid="cookie-table">
        <caption className="sr-only">{t("cookies.table.caption")}</caption>
        <thead className="bg-muted/60 max-sm:hidden">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">
              {t("cookies.table.name")}
            </th>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className="px-4 py-3 font-semibold">
                {t(`cookies.table.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="max-sm:block">
          {POLICY_COOKIES.map((cookie) => (
            <tr
              key={cookie}
              className="border-border border-t align-top first:border-t-0 max-sm:block max-sm:px-4 max-sm:py-3 sm:first:border-t"
              data-testid={`cookie-row-${cookie}`}
            >
              <th scope="row" className="whitespace-nowrap px-4 py-3 font-medium max-sm:block max-sm:p-0">
                <code className="rounded bg-muted px-1.5 py-0.5 font-mono text-[0.8125rem]">{cookie}</code>
              </th>
              {COLUMNS.map((column) => (
                <td
                  key={column}
                  data-label={t(`cookies.table.${column}`)}
                  className={
                    "px-4 py-3 max-sm:mt-1.5 max-sm:flex max-sm:gap-3 max-sm:p-0 max-sm:before:w-24 max-sm:before:shrink-0 max-sm:before:text-muted-foreground max-sm:before:content-[attr(data-label)]" +
                    (column === "duration" || column === "category" ? " sm:whitespace-nowrap" : "") +
                    (column === "status" ? " text-muted-foreground" : "")
                  }
                >
                  <span>{t(`cookies.rows.${cookie}.${column}`)}</span>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** /cookies: the cookie policy with its table (spec §2 Legal pages, §3). */
export default function CookiesPage() {
  const { t } = useTranslation("legal");
  const sections = useProseSections("cookies", COOKIE_SECTIONS).map((section) =>
    section.id === "list"
      ? {
          ...section,
          content: (
            <>
              {section.content}
              <CookieTable />
            </>
          ),
        }
      : section,
  );
  return (
    <LegalPage
      name="cookies"
      title={t("cookies.title")}
      intro={<p>{t("cookies.intro")}</p>}
      sections={sections}
    />
  );
}
