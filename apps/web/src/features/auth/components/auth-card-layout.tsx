import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { BrandLogo } from "@/components/brand-logo";
import { LanguageSwitcher } from "@/components/language-switcher";
import { Button } from "@/components/ui/button";
import { useTranslation } from "@/lib/use-translation";

/** The frame of the small account screens (forgot and reset password): logo, title, one form. */
export function AuthCardLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation("auth");
  return (
    <div className="flex min-h-dvh flex-col bg-background px-4 py-4 sm:px-8 sm:py-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button asChild variant="ghost" size="sm" className="-ml-2">
          <Link href="/auth" data-testid="back-to-login">
            <ArrowLeft aria-hidden />
            {t("forgot.backToLogin")}
          </Link>
        </Button>
        <LanguageSwitcher label={t("languageLabel")} className="ml-auto w-auto min-w-40 sm:w-48" />
      </div>
      <main className="flex flex-1 items-center justify-center py-10">
        <div className="w-full max-w-[400px]">
          <BrandLogo className="mb-8" />
          <h1 className="text-2xl font-bold sm:text-[1.75rem]">{title}</h1>
          {subtitle ? (
            <p className="mt-1 mb-6 text-muted-foreground">{subtitle}</p>
          ) : (
            <div className="mb-6" />
          )}
          {children}
        </div>
      </main>
    </div>
  );
}
