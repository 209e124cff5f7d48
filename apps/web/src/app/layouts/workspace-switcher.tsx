import { Building2, Check, ChevronsUpDown, Plus, UsersRound } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { toast } from "@/lib/toast";
import { useTranslation } from "@/lib/use-translation";
import { useActivateWorkspace, useWorkspaces } from "@/queries/workspaces";
import { NewWorkspaceDialog } from "./new-workspace-dialog";

/**
 * The workspace this session works in, the switch to the others the person belongs to, and "New
 * workspace" (issue 24). The person's own workspace is called "My workspace" whatever its name.
 */
export function WorkspaceSwitcher() {
  const { t } = useTranslation("common");
  const { workspaces, active } = useWorkspaces();
  const activate = useActivateWorkspace();
  const [creating, setCreating] = useState(false);
  if (!active) return null;
  const label = (w: { name: string; personal: boolean }) => (w.personal ? t("workspace.personal") : w.name);
  return (
    <>
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger
          data-testid="workspace-switcher"
          className="inline-flex h-9 max-w-44 min-w-9 xl:max-w-56 cursor-pointer justify-center items-center gap-1.5 rounded-md border border-border bg-background px-2 text-sm font-medium transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          <Building2 className="size-4 shrink-0 text-muted-foreground" aria-hidden />
          <span className="sr-only">{`${t("workspace.label")}: `}</span>
          {/* Phones show the icon only (the name is still read out), so the header fits 375 px in every
              language; the menu names every workspace. */}
          <span className="truncate max-sm:sr-only">{label(active)}</span>
          <ChevronsUpDown className="size-3.5 shrink-0 text-muted-foreground max-sm:hidden" aria-hidden />
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="min-w-56">
          <DropdownMenuLabel className="text-xs font-normal text-muted-foreground">
            {t("workspace.label")}
          </DropdownMenuLabel>
          {workspaces.map((w) => (
            <DropdownMenuItem
              key={w.id}
              data-testid={`workspace-option-${w.id}`}
              disabled={activate.isPending}
              onSelect={() => {
                if (w.active) return;
                activate.mutate(w.id, {
                  onSuccess: () => toast({ title: t("workspace.switched", { name: label(w) }) }),
                  onError: () => toast({ title: t("workspace.switchFailed"), variant: "destructive" }),
                });
              }}
            >
              <Check className={w.active ? "opacity-100" : "opacity-0"} aria-hidden />
              <span className="flex min-w-0 flex-col">
                <span className="truncate">{label(w)}</span>
                <span className="text-xs text-muted-foreground">{t(`workspace.roles.${w.role}`)}</span>
              </span>
            </DropdownMenuItem>
          ))}
          <DropdownMenuSeparator />
          <DropdownMenuItem data-testid="workspace-new" onSelect={() => setCreating(true)}>
            <Plus aria-hidden />
            {t("workspace.new")}
          </DropdownMenuItem>
          <DropdownMenuItem asChild>
            <Link href="/team" data-testid="workspace-team-link">
              <UsersRound aria-hidden />
              {t("workspace.manage")}
            </Link>
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <NewWorkspaceDialog open={creating} onOpenChange={setCreating} />
    </>
  );
}
