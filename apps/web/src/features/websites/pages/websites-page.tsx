import { Download, Sparkles } from "lucide-react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { DEMO_WEBSITES } from "@/demo/websites";
import { useRequireLogin } from "@/hooks/use-require-login";
import { useTranslation } from "@/lib/use-translation";
import { useSubscriptionStatus } from "@/queries/subscription-status";
import { useUser } from "@/queries/user";
import { useWebsites } from "@/queries/websites";
import { DemoBanner } from "../components/demo-banner";
import { EmptyState } from "../components/empty-state";
import { GenerateForm } from "../components/generate-form";
import { ImportForm } from "../components/import-form";
import { PlanUsage } from "../components/plan-usage";
import { WebsiteGrid, WebsiteGridSkeleton } from "../components/website-grid";

/**
 * /websites (spec §2 Websites): make a site with AI or import one, then the owner's sites.
 * Signed-out visitors see sample sites and make no data calls.
 */
export default function WebsitesPage() {
  const { t } = useTranslation("websites");
  const { user, isLoading: userLoading } = useUser();
  const signedIn = user !== null;
  const requireLogin = useRequireLogin("websites");
  const websites = useWebsites({ enabled: signedIn });
  const status = useSubscriptionStatus({ enabled: signedIn });

  const grid = () => {
    if (userLoading || (signedIn && websites.isLoading)) return <WebsiteGridSkeleton />;
    if (!signedIn) return <WebsiteGrid websites={DEMO_WEBSITES} onDemoAction={requireLogin} />;
    if (websites.isError) {
      return (
        <Alert variant="destructive" className="items-center justify-between">
          <span>{t("grid.loadFailed")}</span>
          <Button variant="outline" size="sm" onClick={() => void websites.refetch()}>
            {t("grid.retry")}
          </Button>
        </Alert>
      );
    }
    const list = websites.data ?? [];
    return list.length === 0 ? <EmptyState /> : <WebsiteGrid websites={list} />;
  };

  return (
    <div className="flex flex-col gap-6" data-testid="websites">
      <div className="min-w-0">
        <h1 className="text-2xl font-bold sm:text-3xl">{t("title")}</h1>
        <p className="mt-1 max-w-[48em] text-muted-foreground">{t("subtitle")}</p>
      </div>

      {!userLoading && !signedIn ? <DemoBanner /> : null}

      <Card className="p-4 sm:p-6">
        <Tabs defaultValue="ai-generation">
          <TabsList className="grid w-full grid-cols-2 sm:inline-flex sm:w-auto">
            <TabsTrigger value="ai-generation" data-testid="websites-tab-generate">
              <Sparkles className="size-4" aria-hidden />
              {t("tabs.generate")}
            </TabsTrigger>
            <TabsTrigger value="import" data-testid="websites-tab-import">
              <Download className="size-4" aria-hidden />
              {t("tabs.import")}
            </TabsTrigger>
          </TabsList>
          <TabsContent value="ai-generation" className="mt-5">
            <p className="mb-5 max-w-[48em] text-sm text-muted-foreground">{t("generate.intro")}</p>
            <GenerateForm signedIn={signedIn} onRequireLogin={requireLogin} />
          </TabsContent>
          <TabsContent value="import" className="mt-5">
            <p className="mb-5 max-w-[48em] text-sm text-muted-foreground">{t("import.intro")}</p>
            <ImportForm signedIn={signedIn} onRequireLogin={requireLogin} />
          </TabsContent>
        </Tabs>
      </Card>

      <section className="flex flex-col gap-4" aria-labelledby="websites-grid-title">
        <h2 id="websites-grid-title" className="text-lg font-bold sm:text-xl">
          {t("grid.title")}
        </h2>
        {signedIn && status.data ? <PlanUsage status={status.data} /> : null}
        {grid()}
      </section>
    </div>
  );
}
