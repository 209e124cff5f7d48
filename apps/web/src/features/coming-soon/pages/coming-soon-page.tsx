import { ArrowLeft } from "lucide-react";
import { Link } from "wouter";
import type { PlaceholderRoute } from "@/app/routes";
import { ComingSoonPanel } from "@/components/coming-soon-panel";
import { Button } from "@/components/ui/button";
import { useTranslation } from "@/lib/use-translation";

interface ComingSoonPageProps {
  route: PlaceholderRoute;
}

/** A screen a later issue delivers, inside the app: it points back to the dashboard. */
export default function ComingSoonPage({ route }: ComingSoonPageProps) {
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
              {t("common:actions.backToDashboard")}
            </Link>
          </Button>
        }
      />
    </div>
  );
}
