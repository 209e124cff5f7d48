import { WORKSPACE_NAME_MAX } from "@shobai/shared/constants";
import { Building2 } from "lucide-react";
import { type FormEvent, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFormFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { errorText, fieldErrors, topLevelField } from "@/lib/api-error";
import { toast } from "@/lib/toast";
import { useTranslation } from "@/lib/use-translation";
import { useCreateWorkspace } from "@/queries/workspaces";

const FIELDS = ["name"] as const;

/**
 * "New workspace" from the header's switcher (issue 24): a name, then the person owns the new
 * workspace and this session works in it. It starts on what is left of the person's own trial.
 */
export function NewWorkspaceDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("common");
  const create = useCreateWorkspace();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);

  const refuse = (message: string) => {
    setError(message);
    requestAnimationFrame(() => field.current?.focus());
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    setFailure(null);
    if (!name.trim()) return refuse(t("workspace.create.nameRequired"));
    setError(null);
    create.mutate(name.trim(), {
      onSuccess: () => {
        toast({ title: t("workspace.create.created", { name: name.trim() }) });
        setName("");
        onOpenChange(false);
      },
      onError: (err) => {
        const fields = fieldErrors(err, topLevelField(FIELDS));
        if (fields.name) return refuse(fields.name);
        setFailure(errorText(err, t("workspace.create.failed")));
        requestAnimationFrame(() => failureRef.current?.focus());
      },
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (create.isPending) return;
        if (!next) {
          setError(null);
          setFailure(null);
        }
        onOpenChange(next);
      }}
    >
      <DialogContent closeLabel={t("nav.close")} data-testid="new-workspace-dialog" className="sm:max-w-md">
        <form onSubmit={submit} noValidate className="grid min-w-0 gap-4">
          <DialogHeader>
            <DialogTitle className="flex items-center gap-2">
              <Building2 className="size-5 text-primary" aria-hidden />
              {t("workspace.create.title")}
            </DialogTitle>
            <DialogDescription>{t("workspace.create.description")}</DialogDescription>
          </DialogHeader>
          {failure ? (
            <Alert variant="destructive" ref={failureRef} tabIndex={-1} data-testid="new-workspace-failure">
              {failure}
            </Alert>
          ) : null}
          <div className="grid gap-1.5">
            <Label htmlFor="new-workspace-name">{t("workspace.create.name")}</Label>
            <Input
              id="new-workspace-name"
              ref={field}
              data-testid="new-workspace-name"
              maxLength={WORKSPACE_NAME_MAX}
              autoComplete="organization"
              placeholder={t("workspace.create.namePlaceholder")}
              value={name}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "new-workspace-name-error" : "new-workspace-trial"}
              onChange={(e) => {
                setName(e.target.value);
                if (error) setError(null);
              }}
              disabled={create.isPending}
            />
            <FieldError id="new-workspace-name-error" message={error} testId="new-workspace-name-error" />
            <p id="new-workspace-trial" className="text-sm text-muted-foreground">
              {t("workspace.create.trial")}
            </p>
          </div>
          <DialogFormFooter
            cancelLabel={t("workspace.create.cancel")}
            submitLabel={t("workspace.create.submit")}
            pending={create.isPending}
            submitTestId="new-workspace-submit"
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
