import type { TCampaign } from "@shobai/shared";
import { ChartArea, MailPlus, Megaphone, Settings } from "lucide-react";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { DEMO_CAMPAIGNS } from "@/demo/email";
import { useRequireLogin } from "@/hooks/use-require-login";
import { isUnauthorizedError } from "@/lib/api-error";
import { toast } from "@/lib/toast";
import { useCurrentLanguage } from "@/lib/use-current-language";
import { useLoginRedirect } from "@/lib/use-login-redirect";
import { useTranslation } from "@/lib/use-translation";
import { useUser } from "@/queries/user";
import { useCampaigns, useUpdateCampaign } from "../api/campaigns";
import { CampaignDialog } from "../components/campaign-dialog";
import { CampaignEmpty } from "../components/campaign-empty";
import { CampaignList, CampaignListSkeleton } from "../components/campaign-list";
import { CampaignStats } from "../components/campaign-stats";
import { DeleteCampaignDialog } from "../components/delete-campaign-dialog";
import { DeliveryPanel } from "../components/delivery-panel";
import { DemoBanner } from "../components/demo-banner";
import { EmailAreaNav } from "../components/email-area-nav";
import { EmailSettingsPanel } from "../components/email-settings-form";
import { SendCampaignDialog } from "../components/send-campaign-dialog";
import { SendingAllowance } from "../components/sending-allowance";
import { serverMessage } from "../error-text";

const TABS = ["campaigns", "analytics", "settings"] as const;
type EmailTab = (typeof TABS)[number];
const TAB_ICONS = { campaigns: Megaphone, analytics: ChartArea, settings: Settings } as const;

function isTab(value: string): value is EmailTab {
  return (TABS as readonly string[]).includes(value);
}

/**
 * /email (spec §2 Email): campaigns with their figures, a create/edit dialog, start/stop and
 * delete; delivery analytics; sender settings. Signed-out visitors see sample campaigns and make
 * no data calls; creating asks them to log in.
 */
export default function EmailPage() {
  const { t } = useTranslation("email");
  const language = useCurrentLanguage();
  const { user, isLoading: userLoading } = useUser();
  const signedIn = user !== null;
  const requireLogin = useRequireLogin("email");

  const [tab, setTab] = useState<EmailTab>("campaigns");
  const [dialog, setDialog] = useState<{ open: boolean; campaign: TCampaign | null }>({
    open: false,
    campaign: null,
  });
  const [deleting, setDeleting] = useState<TCampaign | null>(null);
  const [sending, setSending] = useState<TCampaign | null>(null);
  const [demo, setDemo] = useState<TCampaign[]>(DEMO_CAMPAIGNS);

  const list = useCampaigns({ enabled: signedIn });
  const update = useUpdateCampaign();
  useLoginRedirect(signedIn && isUnauthorizedError(list.error));

  const campaigns = signedIn ? (list.data ?? []) : demo;
  const loading = userLoading || (signedIn && list.isLoading);

  const openCreate = () => (signedIn ? setDialog({ open: true, campaign: null }) : requireLogin());
  const openEdit = (campaign: TCampaign) => (signedIn ? setDialog({ open: true, campaign }) : requireLogin());
  const openDelete = (campaign: TCampaign) => (signedIn ? setDeleting(campaign) : requireLogin());

  const toggle = (campaign: TCampaign) => {
    const isActive = !campaign.isActive;
    const done = () =>
      toast({
        title: t(isActive ? "toast.startedTitle" : "toast.stoppedTitle"),
        description: t(isActive ? "toast.started" : "toast.stopped", { name: campaign.name }),
      });
    if (!signedIn) {
      // Sample data: the visitor can try it; nothing is sent or kept.
      setDemo((all) =>
        all.map((c) =>
          c.id === campaign.id ? { ...c, isActive, state: isActive ? "active" : "stopped" } : c,
        ),
      );
      toast({
        title: t(isActive ? "toast.startedTitle" : "toast.stoppedTitle"),
        description: t("toast.demoToggled"),
      });
      return;
    }
    // Starting mails people: it goes through the send dialog (audience, preview, test, when).
    if (isActive) {
      setSending(campaign);
      return;
    }
    update.mutate(
      { id: campaign.id, patch: { isActive } },
      {
        onSuccess: done,
        onError: (error) =>
          toast({
            variant: "destructive",
            title: t("toast.errorTitle"),
            description: [t("toast.updateFailed"), serverMessage(error)].filter(Boolean).join(" "),
          }),
      },
    );
  };

  const cancelSchedule = (campaign: TCampaign) => {
    if (!signedIn) return requireLogin();
    update.mutate(
      { id: campaign.id, patch: { scheduledAt: null } },
      {
        onSuccess: () =>
          toast({
            title: t("toast.scheduleCancelledTitle"),
            description: t("toast.scheduleCancelled", { name: campaign.name }),
          }),
        onError: (error) =>
          toast({
            variant: "destructive",
            title: t("toast.errorTitle"),
            description: [t("toast.updateFailed"), serverMessage(error)].filter(Boolean).join(" "),
          }),
      },
    );
  };

  const campaignsBody = () => {
    if (signedIn && list.isError && !list.data) {
      return (
        <Alert variant="destructive" className="items-center justify-between">
          <span>{t("list.loadFailed")}</span>
          <Button variant="outline" size="sm" onClick={() => void list.refetch()}>
            {t("actions.retry")}
          </Button>
        </Alert>
      );
    }
    if (loading) return <CampaignListSkeleton />;
    if (campaigns.length === 0) return <CampaignEmpty onCreate={openCreate} />;
    return (
      <CampaignList
        campaigns={campaigns}
        language={language}
        togglingId={update.isPending ? (update.variables?.id ?? null) : null}
        onToggle={toggle}
        onCancelSchedule={cancelSchedule}
        onEdit={openEdit}
        onDelete={openDelete}
      />
    );
  };

  return (
    <div className="flex flex-col gap-6" data-testid="email-page">
      <EmailAreaNav current="campaigns" />
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold sm:text-3xl">{t("title")}</h1>
          <p className="mt-1 max-w-[48em] text-muted-foreground">{t("subtitle")}</p>
        </div>
        <Button onClick={openCreate} data-testid="campaign-create-open" className="w-full sm:w-auto">
          <MailPlus aria-hidden />
          {t("actions.create")}
        </Button>
      </div>

      {!userLoading && !signedIn ? <DemoBanner screen="email" /> : null}

      <Tabs value={tab} onValueChange={(value) => isTab(value) && setTab(value)}>
        <TabsList
          aria-label={t("tabs.label")}
          className="grid h-auto w-full grid-cols-3 sm:inline-flex sm:h-10 sm:w-auto"
        >
          {TABS.map((value) => {
            const Icon = TAB_ICONS[value];
            return (
              <TabsTrigger
                key={value}
                value={value}
                data-testid={`email-tab-${value}`}
                className="h-auto min-h-8 whitespace-normal px-2 py-1 text-center sm:px-3"
              >
                <Icon className="hidden size-4 sm:block" aria-hidden />
                {t(`tabs.${value}`)}
              </TabsTrigger>
            );
          })}
        </TabsList>
        <TabsContent value="campaigns" className="mt-5 flex flex-col gap-5">
          <CampaignStats campaigns={campaigns} isLoading={loading} language={language} />
          {signedIn ? <SendingAllowance language={language} /> : null}
          {campaignsBody()}
        </TabsContent>
        <TabsContent value="analytics" className="mt-5">
          {userLoading ? null : <DeliveryPanel signedIn={signedIn} language={language} />}
        </TabsContent>
        <TabsContent value="settings" className="mt-5">
          {userLoading ? null : <EmailSettingsPanel signedIn={signedIn} onRequireLogin={requireLogin} />}
        </TabsContent>
      </Tabs>

      {signedIn ? (
        <>
          <CampaignDialog
            open={dialog.open}
            campaign={dialog.campaign}
            onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
          />
          <DeleteCampaignDialog campaign={deleting} onClose={() => setDeleting(null)} />
          <SendCampaignDialog campaign={sending} language={language} onClose={() => setSending(null)} />
        </>
      ) : null}
    </div>
  );
}
