import type { TPasskey } from "@shobai/shared";
import { KeyRound, Pencil, Plus, Trash2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { passkeyErrorText } from "@/components/two-factor/passkey-error";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogFormFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { Spinner } from "@/components/ui/spinner";
import { formatDate } from "@/lib/format";
import { passkeysSupported } from "@/lib/passkeys";
import { toast } from "@/lib/toast";
import { useTranslation } from "@/lib/use-translation";
import { useAddPasskey, useDeletePasskey, usePasskeys, useRenamePasskey } from "@/queries/passkeys";

const NAME_MAX = 60;

/** A guess at the device's name, for the name field (the person changes it as they like). */
function deviceName(): string {
  const ua = typeof navigator === "undefined" ? "" : navigator.userAgent;
  if (/iPhone/.test(ua)) return "iPhone";
  if (/iPad/.test(ua)) return "iPad";
  if (/Android/.test(ua)) return "Android";
  if (/Mac OS X/.test(ua)) return "Mac";
  if (/Windows/.test(ua)) return "Windows";
  return "";
}

/** The name form of the add and rename dialogs. */
function NameForm({
  id,
  initial,
  submitLabel,
  onSubmit,
}: {
  id: string;
  initial: string;
  submitLabel: string;
  onSubmit: (name: string) => Promise<unknown>;
}) {
  const { t } = useTranslation(["auth", "common"]);
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    if (!name.trim()) {
      setError(t("passkeys.nameRequired"));
      return;
    }
    setError(null);
    setPending(true);
    try {
      await onSubmit(name.trim());
    } catch (err) {
      setError(passkeyErrorText(err, t));
    } finally {
      setPending(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor={`${id}-name`}>{t("passkeys.nameLabel")}</Label>
        <Input
          id={`${id}-name`}
          value={name}
          maxLength={NAME_MAX}
          autoComplete="off"
          placeholder={t("passkeys.namePlaceholder")}
          onChange={(e) => setName(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          data-testid={`${id}-name`}
        />
        <FieldError id={`${id}-error`} message={error} testId={`${id}-error`} />
      </div>
      <DialogFormFooter
        cancelLabel={t("twoFactor.cancel")}
        submitLabel={submitLabel}
        pending={pending}
        submitTestId={`${id}-submit`}
      />
    </form>
  );
}

type Dialogs =
  | { kind: "add" }
  | { kind: "rename"; passkey: TPasskey }
  | { kind: "delete"; passkey: TPasskey };

/** /profile: the person's passkeys (name, added, last used); add, rename, delete. */
export function PasskeysCard() {
  const { t } = useTranslation(["auth", "common"]);
  const list = usePasskeys();
  const add = useAddPasskey();
  const rename = useRenamePasskey();
  const remove = useDeletePasskey();
  const [dialog, setDialog] = useState<Dialogs | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const close = () => {
    setDialog(null);
    setDeleteError(null);
  };
  const passkeys = list.data?.passkeys;
  const supported = passkeysSupported();

  const confirmDelete = async (passkey: TPasskey) => {
    setDeleteError(null);
    try {
      await remove.mutateAsync(passkey.id);
      close();
      toast({ title: t("passkeys.deletedToast") });
    } catch (err) {
      setDeleteError(passkeyErrorText(err, t));
    }
  };

  return (
    <Card data-testid="passkeys-card">
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <KeyRound aria-hidden className="size-5 text-primary" />
          <CardTitle>{t("passkeys.cardTitle")}</CardTitle>
          {passkeys ? (
            <Badge variant={passkeys.length > 0 ? "success" : "muted"} data-testid="passkeys-count">
              {passkeys.length}
            </Badge>
          ) : null}
        </div>
        <CardDescription>{t("passkeys.cardDescription")}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {!passkeys ? (
          <Skeleton className="h-10 w-48" />
        ) : passkeys.length === 0 ? (
          <p className="text-sm text-muted-foreground" data-testid="passkeys-none">
            {t("passkeys.none")}
          </p>
        ) : (
          <ul className="divide-y divide-border rounded-lg border border-border" data-testid="passkeys-list">
            {passkeys.map((passkey) => (
              <li
                key={passkey.id}
                className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3"
                data-testid="passkey-row"
              >
                <div className="min-w-0 flex-1 basis-56">
                  <p className="flex flex-wrap items-center gap-2 font-medium">
                    <span className="break-words" data-testid="passkey-name">
                      {passkey.name}
                    </span>
                    {passkey.backedUp ? <Badge variant="muted">{t("passkeys.synced")}</Badge> : null}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    {t("passkeys.created", { date: formatDate(passkey.createdAt) })}
                    {" · "}
                    <span data-testid="passkey-last-used">
                      {passkey.lastUsedAt
                        ? t("passkeys.lastUsed", { date: formatDate(passkey.lastUsedAt) })
                        : t("passkeys.neverUsed")}
                    </span>
                  </p>
                </div>
                <div className="flex gap-2">
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    onClick={() => setDialog({ kind: "rename", passkey })}
                    aria-label={t("passkeys.renameNamed", { name: passkey.name })}
                    data-testid="passkey-rename"
                  >
                    <Pencil aria-hidden />
                    {t("passkeys.rename")}
                  </Button>
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    className="text-destructive"
                    onClick={() => setDialog({ kind: "delete", passkey })}
                    aria-label={t("passkeys.deleteNamed", { name: passkey.name })}
                    data-testid="passkey-delete"
                  >
                    <Trash2 aria-hidden />
                    {t("passkeys.delete")}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
        <div className="flex flex-wrap items-center justify-between gap-3">
          {supported ? (
            <span />
          ) : (
            <p className="text-sm text-muted-foreground">{t("passkeys.unsupported")}</p>
          )}
          <Button
            type="button"
            onClick={() => setDialog({ kind: "add" })}
            disabled={!supported}
            data-testid="passkey-add"
          >
            <Plus aria-hidden />
            {t("passkeys.add")}
          </Button>
        </div>
      </CardContent>

      <Dialog open={dialog !== null} onOpenChange={(open) => (open ? undefined : close())}>
        <DialogContent closeLabel={t("common:nav.close")} data-testid="passkey-dialog">
          {dialog?.kind === "add" ? (
            <>
              <DialogHeader>
                <DialogTitle>{t("passkeys.add")}</DialogTitle>
                <DialogDescription>{t("passkeys.addBody")}</DialogDescription>
              </DialogHeader>
              <NameForm
                id="passkey-add"
                initial={deviceName()}
                submitLabel={t("passkeys.continue")}
                onSubmit={async (name) => {
                  await add.mutateAsync(name);
                  close();
                  toast({ title: t("passkeys.addedToast") });
                }}
              />
            </>
          ) : dialog?.kind === "rename" ? (
            <>
              <DialogHeader>
                <DialogTitle>{t("passkeys.renameTitle")}</DialogTitle>
              </DialogHeader>
              <NameForm
                id="passkey-rename"
                initial={dialog.passkey.name}
                submitLabel={t("passkeys.save")}
                onSubmit={async (name) => {
                  await rename.mutateAsync({ id: dialog.passkey.id, name });
                  close();
                  toast({ title: t("passkeys.renamedToast") });
                }}
              />
            </>
          ) : dialog?.kind === "delete" ? (
            <>
              <DialogHeader>
                <DialogTitle>{t("passkeys.deleteTitle")}</DialogTitle>
                <DialogDescription>
                  {t("passkeys.deleteBody", { name: dialog.passkey.name })}
                </DialogDescription>
              </DialogHeader>
              <FieldError id="passkey-delete-error" message={deleteError} testId="passkey-delete-error" />
              <DialogFooter>
                <Button type="button" variant="outline" onClick={close} disabled={remove.isPending}>
                  {t("twoFactor.cancel")}
                </Button>
                <Button
                  type="button"
                  variant="destructive"
                  onClick={() => void confirmDelete(dialog.passkey)}
                  disabled={remove.isPending}
                  data-testid="passkey-delete-confirm"
                >
                  {remove.isPending ? <Spinner /> : null}
                  {t("passkeys.delete")}
                </Button>
              </DialogFooter>
            </>
          ) : null}
        </DialogContent>
      </Dialog>
    </Card>
  );
}
