import { type TWebsite, websitePreviewPath } from "@shobai/shared";
import { useQueryClient } from "@tanstack/react-query";
import { ArrowLeft, ExternalLink, Globe, Pencil, RefreshCw, SearchX, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link, useLocation } from "wouter";
import { ConfirmDialog } from "@/components/confirm-dialog";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { getErrorStatus } from "@/lib/api-error";
import { formatDate } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useTranslation } from "@/lib/use-translation";
import { useDeleteWebsite } from "../api/delete-website";
import { useWebsite, websiteKey } from "../api/get-website";
import { useRegenerateWebsite } from "../api/regenerate-website";
import { EnquiryAlertForm } from "../components/enquiry-alert-form";
import { SiteSettingsForm } from "../components/site-settings-form";
import { SiteThumbnail } from "../components/site-thumbnail";
import { serverReason } from "../error-text";
import { siteAddress } from "../site-address";

function BackLink() {
  const { t } = useTranslation("websites");
  return (
    <Button asChild variant="ghost" size="sm" className="-ml-2 self-start text-muted-foreground">
      <Link href="/websites" data-testid="website-settings-back">
        <ArrowLeft aria-hidden />
        {t("settings.back")}
      </Link>
    </Button>
  );
}

/** /websites/:id: a site's name, languages and published state; regenerate or delete it. */
export default function WebsiteSettingsPage({ id }: { id: string }) {
  const { t } = useTranslation("websites");
  const query = useWebsite(id, { enabled: true });

  if (query.isLoading) {
    return (
      <div className="flex flex-col gap-5" data-testid="website-settings-loading">
        <BackLink />
        <Skeleton className="h-9 w-64" />
        <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_340px]">
          <Skeleton className="h-96 rounded-xl" />
          <Skeleton className="h-64 rounded-xl" />
        </div>
      </div>
    );
  }
  if (query.isError || !query.data) {
    const notFound = getErrorStatus(query.error) === 404;
    return (
      <div className="flex flex-col gap-5">
        <BackLink />
        {notFound ? (
          <Card
            className="flex flex-col items-center px-6 py-14 text-center"
            data-testid="website-settings-not-found"
          >
            <span className="mb-4 grid size-12 place-items-center rounded-xl bg-muted text-muted-foreground">
              <SearchX className="size-6" aria-hidden />
            </span>
            <h1 className="text-xl font-bold">{t("settings.notFoundTitle")}</h1>
            <p className="mt-2 max-w-[32em] text-sm text-muted-foreground">
              {t("settings.notFoundDescription")}
            </p>
            <Button asChild className="mt-6">
              <Link href="/websites">{t("settings.back")}</Link>
            </Button>
          </Card>
        ) : (
          <Alert variant="destructive" className="items-center justify-between">
            <span>{t("settings.loadFailed")}</span>
            <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
              {t("grid.retry")}
            </Button>
          </Alert>
        )}
      </div>
    );
  }
  // Keyed by the last change so the form starts from what the server now has.
  return <SettingsView key={query.data.updatedAt} website={query.data} />;
}

function SettingsView({ website }: { website: TWebsite }) {
  const { t } = useTranslation("websites");
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const regenerate = useRegenerateWebsite(website.id);
  const remove = useDeleteWebsite();
  const [regenerateOpen, setRegenerateOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const address = siteAddress(website);

  const confirmRegenerate = () =>
    // A promise, not mutate's callbacks: the view remounts with the new version before they would run.
    regenerate.mutateAsync().then(
      () => {
        setRegenerateOpen(false);
        toast({ title: t("toast.regeneratedTitle"), description: t("toast.regenerated") });
      },
      (error: unknown) =>
        toast({
          variant: "destructive",
          title: t("toast.generateErrorTitle"),
          description: [t("toast.regenerateFailed"), serverReason(error)].filter(Boolean).join(" "),
        }),
    );

  const confirmDelete = () =>
    remove.mutateAsync(website.id).then(
      () => {
        setDeleteOpen(false);
        toast({ title: t("toast.deletedTitle"), description: t("toast.deleted", { name: website.name }) });
        navigate("/websites");
        queryClient.removeQueries({ queryKey: websiteKey(website.id), exact: true });
      },
      (error: unknown) =>
        toast({
          variant: "destructive",
          title: t("toast.saveFailedTitle"),
          description: [t("toast.deleteFailed"), serverReason(error)].filter(Boolean).join(" "),
        }),
    );

  return (
    <div className="flex flex-col gap-5" data-testid="website-settings">
      <BackLink />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <p className="text-sm text-muted-foreground">{t("settings.title")}</p>
          <h1 className="truncate text-2xl font-bold sm:text-3xl">{website.name}</h1>
        </div>
        <div className="flex flex-wrap gap-2 self-start sm:self-auto">
          <Button asChild>
            <Link
              href={`/websites/${encodeURIComponent(website.id)}/edit`}
              data-testid="website-settings-edit"
            >
              <Pencil aria-hidden />
              {t("settings.edit")}
            </Link>
          </Button>
          <Button asChild variant="outline">
            <a
              // A draft is seen through its preview link; a published site at its address.
              href={website.isPublished ? website.url : websitePreviewPath(website.id)}
              target="_blank"
              rel="noopener"
              data-testid="website-settings-open"
            >
              <ExternalLink aria-hidden />
              {t("settings.open")}
            </a>
          </Button>
        </div>
      </div>

      <div className="grid items-start gap-5 lg:grid-cols-[minmax(0,1fr)_340px]">
        <div className="grid min-w-0 gap-5">
          <SiteSettingsForm website={website} />
          <EnquiryAlertForm website={website} />
        </div>

        <div className="grid gap-5">
          <Card className="overflow-hidden">
            <SiteThumbnail category={website.template} name={website.name} />
            <CardContent className="grid gap-3 pt-5 text-sm">
              <div className="grid gap-1">
                <span className="text-muted-foreground">{t("settings.address")}</span>
                <a
                  href={website.url}
                  target="_blank"
                  rel="noopener"
                  className="flex min-w-0 items-center gap-1.5 font-medium text-primary underline-offset-4 hover:underline"
                  data-testid="website-settings-address"
                >
                  <Globe className="size-4 shrink-0" aria-hidden />
                  <span className="truncate">{address}</span>
                </a>
              </div>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="text-muted-foreground">{t("settings.template")}</span>
                <Badge variant="secondary">{t(`categories.${website.template}`)}</Badge>
              </div>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="text-muted-foreground">{t("settings.source")}</span>
                <span className="min-w-0 truncate">
                  {website.source === "imported" && website.sourceUrl
                    ? t("settings.sourceImported", { url: website.sourceUrl })
                    : t("settings.sourceGenerated")}
                </span>
              </div>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="text-muted-foreground">{t("settings.updatedAt")}</span>
                <span>{formatDate(website.updatedAt)}</span>
              </div>
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>{t("settings.dangerZone")}</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-5">
              <div className="grid gap-2">
                <p className="text-sm text-muted-foreground">{t("settings.regenerateDescription")}</p>
                <ConfirmDialog
                  cancelLabel={t("settings.cancel")}
                  open={regenerateOpen}
                  onOpenChange={setRegenerateOpen}
                  trigger={
                    <Button
                      variant="outline"
                      className="justify-self-start"
                      data-testid="website-settings-regenerate"
                    >
                      <RefreshCw aria-hidden />
                      {t("settings.regenerate")}
                    </Button>
                  }
                  title={t("settings.regenerateTitle")}
                  description={t("settings.regenerateConfirmText")}
                  confirmLabel={
                    regenerate.isPending ? t("settings.regenerating") : t("settings.regenerateConfirm")
                  }
                  onConfirm={confirmRegenerate}
                  pending={regenerate.isPending}
                  testId="website-settings-regenerate"
                />
              </div>
              <div className="grid gap-2 border-t border-border pt-5">
                <p className="text-sm text-muted-foreground">{t("settings.deleteDescription")}</p>
                <ConfirmDialog
                  cancelLabel={t("settings.cancel")}
                  open={deleteOpen}
                  onOpenChange={setDeleteOpen}
                  trigger={
                    <Button
                      variant="outline"
                      className="justify-self-start border-destructive/40 text-destructive hover:bg-destructive-soft"
                      data-testid="website-settings-delete"
                    >
                      <Trash2 aria-hidden />
                      {t("settings.delete")}
                    </Button>
                  }
                  title={t("settings.deleteTitle")}
                  description={t("settings.deleteConfirmText", { name: website.name })}
                  confirmLabel={t("settings.deleteConfirm")}
                  onConfirm={confirmDelete}
                  pending={remove.isPending}
                  destructive
                  testId="website-settings-delete"
                />
              </div>
            </CardContent>
          </Card>
        </div>
      </div>
    </div>
  );
}
