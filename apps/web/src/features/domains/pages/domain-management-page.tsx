import type { TDomainSearchResult } from "@shobai/shared";
import { Globe, Search } from "lucide-react";
import { useRef, useState } from "react";
import { Card, CardContent } from "@/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useRequireLogin } from "@/hooks/use-require-login";
import { isUnauthorizedError } from "@/lib/api-error";
import { useLoginRedirect } from "@/lib/use-login-redirect";
import { useTranslation } from "@/lib/use-translation";
import { useUser } from "@/queries/user";
import { useWebsites } from "@/queries/websites";
import { useConnections } from "../api/get-connections";
import { useOwnedDomains } from "../api/get-domains";
import { usePurchaseTerms } from "../api/purchase-terms";
import { useDomainServiceStatus } from "../api/service-status";
import { ConnectionsSection } from "../components/connections-section";
import { DemoBanner } from "../components/demo-banner";
import { DomainSearchForm } from "../components/domain-search-form";
import { OrderStatusBanner } from "../components/order-status-banner";
import { OwnedDomainsSection } from "../components/owned-domains-section";
import { RegisterDomainForm } from "../components/register-domain-form";
import { ServiceStatusCard } from "../components/service-status-card";
import { DEMO_DOMAINS, DEMO_SERVICE_STATUS, DEMO_WEBSITE_OPTIONS, demoConnections } from "../demo-data";

const TABS = ["search", "register"] as const;
type DomainTab = (typeof TABS)[number];
const TAB_ICONS = { search: Search, register: Globe } as const;

function isTab(value: string): value is DomainTab {
  return (TABS as readonly string[]).includes(value);
}

/**
 * /domain-management (spec §2 Domain management): the service status, tabs to search and register
 * a domain (register only with a configured registrar), the owner's domains with their name
 * servers, and host names connected to the owner's websites. Signed-out visitors see samples;
 * every action asks them to log in.
 */
export default function DomainManagementPage() {
  const { t } = useTranslation("domains");
  const { user, isLoading: userLoading } = useUser();
  const signedIn = user !== null;
  const requireLogin = useRequireLogin("domains");
  const [tab, setTab] = useState<DomainTab>("search");
  const [searchResult, setSearchResult] = useState<TDomainSearchResult | null>(null);
  const [registerDomain, setRegisterDomain] = useState("");
  const tabsRef = useRef<HTMLDivElement>(null);

  const status = useDomainServiceStatus({ enabled: signedIn });
  const terms = usePurchaseTerms({ enabled: signedIn });
  // Back from Stripe's payment page: /domain-management?order=….
  const [orderId] = useState(() => new URLSearchParams(window.location.search).get("order"));
  const owned = useOwnedDomains({ enabled: signedIn });
  const connections = useConnections({ enabled: signedIn });
  const websites = useWebsites({ enabled: signedIn });
  useLoginRedirect(signedIn && [status.error, owned.error, connections.error].some(isUnauthorizedError));

  const shownStatus = signedIn ? status.data : DEMO_SERVICE_STATUS;
  const configured = shownStatus?.configured === true;
  // Why search and register are off, said only once the status is known to be missing or off:
  // nothing while it loads (the forms just wait), and an unreadable status is not "not set up".
  const serviceOff: "unknown" | "notConfigured" | null =
    !signedIn || configured ? null : status.isError ? "unknown" : status.data ? "notConfigured" : null;
  const disabledReason = {
    search: serviceOff && t(serviceOff === "unknown" ? "search.statusUnknown" : "search.disabled"),
    register:
      serviceOff && t(serviceOff === "unknown" ? "register.statusUnknown" : "register.disabledDescription"),
  };
  const domains = signedIn ? owned.data?.domains : DEMO_DOMAINS;
  const shownConnections = signedIn ? connections.data?.connections : demoConnections(t);
  const websiteOptions = signedIn
    ? (websites.data ?? []).map(({ id, name }) => ({ id, name }))
    : DEMO_WEBSITE_OPTIONS;

  const goToSearch = () => {
    setTab("search");
    tabsRef.current?.scrollIntoView({ behavior: "smooth", block: "start" });
  };

  return (
    <div className="flex flex-col gap-6" data-testid="domain-management-page">
      <div className="min-w-0">
        <h1 className="text-2xl font-bold sm:text-3xl">{t("title")}</h1>
        <p className="mt-1 max-w-[48em] text-muted-foreground">{t("subtitle")}</p>
      </div>

      {!userLoading && !signedIn ? <DemoBanner /> : null}
      {signedIn && orderId ? <OrderStatusBanner orderId={orderId} /> : null}

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Card className="order-2 scroll-mt-20 lg:order-1" ref={tabsRef}>
          <CardContent className="p-4 sm:p-6">
            <Tabs value={tab} onValueChange={(value) => isTab(value) && setTab(value)}>
              <TabsList className="grid h-auto w-full grid-cols-2 sm:inline-flex sm:h-10 sm:w-auto">
                {TABS.map((value) => {
                  const Icon = TAB_ICONS[value];
                  return (
                    <TabsTrigger
                      key={value}
                      value={value}
                      data-testid={`domain-tab-${value}`}
                      className="h-auto min-h-8 whitespace-normal px-2 py-1 text-center sm:px-3"
                    >
                      <Icon className="hidden size-4 shrink-0 sm:block" aria-hidden />
                      {t(`${value}.tab`)}
                    </TabsTrigger>
                  );
                })}
              </TabsList>
              {/* Both stay mounted: a half-filled contact form survives a look back at the search. */}
              {TABS.map((value) => (
                <TabsContent
                  key={value}
                  value={value}
                  forceMount
                  className="mt-5 flex flex-col gap-5 data-[state=inactive]:hidden"
                >
                  <div>
                    <h2 className="text-lg font-semibold">{t(`${value}.title`)}</h2>
                    <p className="mt-0.5 text-sm text-muted-foreground">{t(`${value}.description`)}</p>
                  </div>
                  {value === "search" ? (
                    <DomainSearchForm
                      signedIn={signedIn}
                      onRequireLogin={requireLogin}
                      configured={configured}
                      disabledReason={disabledReason.search}
                      result={searchResult}
                      onResult={(result) => {
                        setSearchResult(result);
                        if (result.available) setRegisterDomain(result.unicodeDomain);
                      }}
                      onRegister={() => setTab("register")}
                    />
                  ) : (
                    <RegisterDomainForm
                      signedIn={signedIn}
                      onRequireLogin={requireLogin}
                      configured={configured}
                      disabledReason={disabledReason.register}
                      domain={registerDomain}
                      onDomainChange={setRegisterDomain}
                      searchResult={searchResult}
                      terms={signedIn ? terms.data : undefined}
                      onRegistered={() => {
                        setSearchResult(null);
                        setRegisterDomain("");
                      }}
                    />
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

      <OwnedDomainsSection
        domains={domains}
        isLoading={userLoading || (signedIn && owned.isLoading)}
        isError={signedIn && owned.isError}
        onRetry={() => void owned.refetch()}
        signedIn={signedIn}
        onRequireLogin={requireLogin}
        onFindDomain={goToSearch}
      />

      <ConnectionsSection
        connections={shownConnections}
        isLoading={userLoading || (signedIn && connections.isLoading)}
        isError={signedIn && connections.isError}
        onRetry={() => void connections.refetch()}
        signedIn={signedIn}
        onRequireLogin={requireLogin}
        websites={websiteOptions}
        websitesLoading={signedIn && websites.isLoading}
        suggestions={(domains ?? []).filter((d) => d.status !== "expired").map((d) => d.unicodeDomain)}
      />
    </div>
  );
}
