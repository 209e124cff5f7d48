import { MailCheck, Search, Send } from "lucide-react";
import { useState } from "react";
import { Card, CardContent } from "@/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { DEMO_SERVICE_STATUS } from "@/demo/email";
import { useRequireLogin } from "@/hooks/use-require-login";
import { isUnauthorizedError } from "@/lib/api-error";
import { useLoginRedirect } from "@/lib/use-login-redirect";
import { useTranslation } from "@/lib/use-translation";
import { useUser } from "@/queries/user";
import { useEmailServiceStatus } from "../api/service-status";
import { useEmailSettings } from "../api/settings";
import { CheckStatusForm } from "../components/check-status-form";
import { DemoBanner } from "../components/demo-banner";
import { EmailAreaNav } from "../components/email-area-nav";
import { OutboxView } from "../components/outbox-view";
import { SendEmailForm } from "../components/send-email-form";
import { SendersCard } from "../components/senders-card";
import { SendingDomainsCard } from "../components/sending-domains-card";
import { ServiceStatusCard } from "../components/service-status-card";
import { VerifySenderForm } from "../components/verify-sender-form";

const TABS = ["send", "verify", "status"] as const;
type ManagementTab = (typeof TABS)[number];
const TAB_ICONS = { send: Send, verify: MailCheck, status: Search } as const;
const TAB_LABELS = { send: "send.tab", verify: "verify.tab", status: "check.tab" } as const;
const TAB_TEXT = {
  send: { title: "send.title", description: "send.description" },
  verify: { title: "verify.title", description: "verify.description" },
  status: { title: "check.title", description: "check.description" },
} as const;

function isTab(value: string): value is ManagementTab {
  return (TABS as readonly string[]).includes(value);
}

/**
 * /email-management (spec §2 Email management): the service status, and tabs to send an email,
 * verify a sender and check a sender's status; with the outbox provider, the outbox itself.
 * Signed-out visitors see a sample status; every action asks them to log in.
 */
export default function EmailManagementPage() {
  const { t } = useTranslation("email");
  const { user, isLoading: userLoading } = useUser();
  const signedIn = user !== null;
  const requireLogin = useRequireLogin("email");
  const [tab, setTab] = useState<ManagementTab>("send");

  const status = useEmailServiceStatus({ enabled: signedIn });
  const settings = useEmailSettings({ enabled: signedIn });
  useLoginRedirect(signedIn && [status.error, settings.error].some(isUnauthorizedError));

  const shownStatus = signedIn
    ? status.data
    : { ...DEMO_SERVICE_STATUS, recommendation: t("demo.recommendation") };
  const outbox = signedIn && status.data?.activeProvider === "outbox";
  const senderEmail = signedIn ? (settings.data?.senderEmail ?? "") : "";

  return (
    <div className="flex flex-col gap-6" data-testid="email-management-page">
      <EmailAreaNav current="sending" />
      <div className="min-w-0">
        <h1 className="text-2xl font-bold sm:text-3xl">{t("management.title")}</h1>
        <p className="mt-1 max-w-[48em] text-muted-foreground">{t("management.subtitle")}</p>
      </div>

      {!userLoading && !signedIn ? <DemoBanner screen="email-management" /> : null}

      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Card className="order-2 lg:order-1">
          <CardContent className="p-4 sm:p-6">
            <Tabs value={tab} onValueChange={(value) => isTab(value) && setTab(value)}>
              <TabsList className="grid h-auto w-full grid-cols-3 sm:inline-flex sm:h-10 sm:w-auto">
                {TABS.map((value) => {
                  const Icon = TAB_ICONS[value];
                  return (
                    <TabsTrigger
                      key={value}
                      value={value}
                      data-testid={`email-tab-${value}`}
                      className="h-auto min-h-8 whitespace-normal px-2 py-1 text-center sm:px-3"
                    >
                      <Icon className="hidden size-4 shrink-0 sm:block" aria-hidden />
                      {t(TAB_LABELS[value])}
                    </TabsTrigger>
                  );
                })}
              </TabsList>
              {TABS.map((value) => (
                <TabsContent key={value} value={value} className="mt-5 flex flex-col gap-5">
                  <div>
                    <h2 className="text-lg font-semibold">{t(TAB_TEXT[value].title)}</h2>
                    <p className="mt-0.5 text-sm text-muted-foreground">{t(TAB_TEXT[value].description)}</p>
                  </div>
                  {value === "send" ? (
                    <SendEmailForm
                      signedIn={signedIn}
                      onRequireLogin={requireLogin}
                      defaultFrom={senderEmail}
                    />
                  ) : value === "verify" ? (
                    <VerifySenderForm
                      signedIn={signedIn}
                      onRequireLogin={requireLogin}
                      outbox={outbox}
                      defaultEmail={senderEmail}
                    />
                  ) : (
                    <CheckStatusForm signedIn={signedIn} onRequireLogin={requireLogin} />
                  )}
                </TabsContent>
              ))}
            </Tabs>
          </CardContent>
        </Card>
        <div className="order-1 lg:order-2">
          <ServiceStatusCard
            status={shownStatus}
            isLoading={userLoading || (signedIn && status.isLoading)}
            isError={signedIn && status.isError}
          />
        </div>
      </div>

      {signedIn ? <SendersCard /> : null}
      {signedIn ? <SendingDomainsCard /> : null}

      {outbox ? <OutboxView /> : null}
    </div>
  );
}
