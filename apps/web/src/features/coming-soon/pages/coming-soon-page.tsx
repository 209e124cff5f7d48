import { ArrowLeft } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import type { PlaceholderRoute } from "@/app/routes";
import { ComingSoonPanel } from "@/components/coming-soon-panel";
import { Button } from "@/components/ui/button";

interface ComingSoonPageProps {
  route: PlaceholderRoute;
  /** App screens point back to the dashboard, public ones to the home page. */
  area: "app" | "public";
}

export default function ComingSoonPage({ route, area }: ComingSoonPageProps) {
  const { t } = useTranslation(["pages", "common"]);
  return (
    <div className="py-4 sm:py-8">
      <ComingSoonPanel
        icon={route.icon}
        title={t(`${route.page}.title`)}
        description={t(`${route.page}.description`)}
        action={
          <Button asChild variant="outline">
            <Link href="/">
              <ArrowLeft aria-hidden />
              {t(area === "app" ? "common:actions.backToDashboard" : "common:actions.backToHome")}
            </Link>
          </Button>
        }
      />
    </div>
  );
}
