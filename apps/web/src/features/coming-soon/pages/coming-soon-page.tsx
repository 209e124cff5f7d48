import { ArrowLeft, type LucideIcon } from "lucide-react";
import { Link } from "wouter";
import { ComingSoonPanel } from "@/components/coming-soon-panel";
import { Button } from "@/components/ui/button";
import { useTranslation } from "@/lib/use-translation";

/** A screen a later issue delivers; until then it shows a "coming soon" panel. */
export interface PlaceholderRoute {
  path: string;
  /** Key of its title and description in the `pages` namespace. */
  page: string;
  icon: LucideIcon;
}

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
