import { ArrowLeft } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { useCurrentLanguage } from "@/lib/use-current-language";
import { useTranslation } from "@/lib/use-translation";

/** Any unknown path (spec §2): 'Page Not Found'. */
export default function NotFoundPage() {
  const { t } = useTranslation("common");
  const language = useCurrentLanguage();
  return (
    <div className="flex flex-col items-center py-16 text-center sm:py-24" data-testid="not-found">
      <p className="text-6xl font-bold tracking-tight text-brand-400 sm:text-7xl" aria-hidden>
        404
      </p>
      {/* The status line stays in English (spec §2: the page reads 'Page Not Found'); the heading is translated. */}
      {language === "en" ? null : (
        <p className="mt-2 text-sm font-semibold tracking-wider text-muted-foreground" lang="en">
          Page Not Found
        </p>
      )}
      <h1 className="mt-4 text-2xl font-bold sm:text-3xl">{t("notFound.title")}</h1>
      <p className="mt-3 max-w-[32em] text-muted-foreground">{t("notFound.description")}</p>
      <Button asChild className="mt-8">
        <Link href="/">
          <ArrowLeft aria-hidden />
          {t("actions.backToHome")}
        </Link>
      </Button>
    </div>
  );
}
