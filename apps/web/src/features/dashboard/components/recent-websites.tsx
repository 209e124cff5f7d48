import { MonitorSmartphone, Sparkles } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";

/** The first three websites will show here; until the websites API lands, the empty state. */
export function RecentWebsites() {
  const { t } = useTranslation("dashboard");
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("recent.title")}</CardTitle>
      </CardHeader>
      <CardContent>
        <div className="flex flex-col items-center rounded-lg border border-dashed border-input px-6 py-10 text-center">
          <span className="mb-4 grid size-12 place-items-center rounded-xl bg-brand-50 text-primary">
            <MonitorSmartphone className="size-6" aria-hidden />
          </span>
          <p className="max-w-[28em] text-sm text-muted-foreground">{t("recent.empty")}</p>
          <Button asChild className="mt-5">
            <Link href="/websites">
              <Sparkles aria-hidden />
              {t("quickActions.websites")}
            </Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
