import { Card, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useTranslation } from "@/lib/use-translation";
import { DeleteAccountDialog } from "./delete-account-dialog";

export function DangerZoneCard({ hasPassword }: { hasPassword: boolean }) {
  const { t } = useTranslation("profile");
  return (
    <Card className="border-destructive/30">
      <CardHeader className="gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex flex-col gap-1">
          <CardTitle className="text-destructive">{t("delete.title")}</CardTitle>
          <CardDescription>{t("delete.description")}</CardDescription>
        </div>
        <DeleteAccountDialog hasPassword={hasPassword} />
      </CardHeader>
    </Card>
  );
}
