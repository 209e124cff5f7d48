import { LANGUAGE_NATIVE_NAMES, type TLanguage } from "@shobai/shared";
import {
  ArrowLeft,
  Check,
  CloudOff,
  Loader2,
  Monitor,
  Redo2,
  Smartphone,
  Tablet,
  TriangleAlert,
  Undo2,
  Upload,
} from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { formatTime } from "@/lib/format";
import { useTranslation } from "@/lib/use-translation";
import type { TDevice } from "./preview-frame";
import type { TSaveStatus } from "./use-autosave";

const DEVICES = [
  ["desktop", Monitor],
  ["tablet", Tablet],
  ["phone", Smartphone],
] as const;

function SaveState({ status, savedAt }: { status: TSaveStatus; savedAt: string }) {
  const { t } = useTranslation("websites");
  const icon =
    status === "saved" ? (
      <Check aria-hidden className="size-4 text-success" />
    ) : status === "saving" ? (
      <Loader2 aria-hidden className="size-4 animate-spin" />
    ) : status === "offline" ? (
      <CloudOff aria-hidden className="size-4 text-destructive" />
    ) : status === "invalid" || status === "conflict" ? (
      <TriangleAlert aria-hidden className="size-4 text-destructive" />
    ) : null;
  return (
    <span
      className="flex items-center gap-1.5 text-xs text-muted-foreground"
      role="status"
      data-testid="editor-save-state"
      data-status={status}
    >
      {icon}
      {status === "saved"
        ? t("editor.status.saved", { time: formatTime(savedAt) })
        : t(`editor.status.${status}`)}
    </span>
  );
}

export function EditorToolbar({
  websiteId,
  name,
  languages,
  lang,
  onLang,
  device,
  onDevice,
  canUndo,
  canRedo,
  onUndo,
  onRedo,
  status,
  savedAt,
  unpublished,
  publishing,
  onPublish,
}: {
  websiteId: string;
  name: string;
  languages: TLanguage[];
  lang: TLanguage;
  onLang: (lang: TLanguage) => void;
  device: TDevice;
  onDevice: (device: TDevice) => void;
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
  status: TSaveStatus;
  savedAt: string;
  unpublished: boolean;
  publishing: boolean;
  onPublish: () => void;
}) {
  const { t } = useTranslation("websites");
  return (
    <div className="flex flex-wrap items-center gap-2 border-b border-border pb-3">
      <Button asChild variant="ghost" size="icon-sm" aria-label={t("editor.back")}>
        <Link href={`/websites/${encodeURIComponent(websiteId)}`} data-testid="editor-back">
          <ArrowLeft aria-hidden />
        </Link>
      </Button>
      <div className="mr-auto grid min-w-0">
        <h1 className="truncate text-base font-bold">{t("editor.title", { name })}</h1>
        <SaveState status={status} savedAt={savedAt} />
      </div>
      {languages.length > 1 ? (
        <fieldset className="m-0 flex rounded-lg border border-border p-0.5">
          <legend className="sr-only">{t("editor.language")}</legend>
          {languages.map((l) => (
            <button
              key={l}
              type="button"
              lang={l}
              aria-pressed={l === lang}
              onClick={() => onLang(l)}
              data-testid={`editor-lang-${l}`}
              className={cn(
                "rounded-md px-2 py-1 text-xs focus-visible:outline-2 focus-visible:outline-ring",
                l === lang ? "bg-primary text-primary-foreground" : "hover:bg-muted",
              )}
            >
              {LANGUAGE_NATIVE_NAMES[l]}
            </button>
          ))}
        </fieldset>
      ) : null}
      <fieldset className="m-0 flex rounded-lg border border-border p-0.5">
        <legend className="sr-only">{t("editor.device")}</legend>
        {DEVICES.map(([id, Icon]) => (
          <button
            key={id}
            type="button"
            aria-pressed={device === id}
            aria-label={t(`editor.devices.${id}`)}
            title={t(`editor.devices.${id}`)}
            onClick={() => onDevice(id)}
            data-testid={`editor-device-${id}`}
            className={cn(
              "grid size-7 place-items-center rounded-md focus-visible:outline-2 focus-visible:outline-ring",
              device === id ? "bg-primary text-primary-foreground" : "hover:bg-muted",
            )}
          >
            <Icon className="size-4" aria-hidden />
          </button>
        ))}
      </fieldset>
      <div className="flex">
        <Button
          variant="ghost"
          size="icon-sm"
          disabled={!canUndo}
          onClick={onUndo}
          aria-label={t("editor.undo")}
          title={t("editor.undoKeys")}
          data-testid="editor-undo"
        >
          <Undo2 aria-hidden />
        </Button>
        <Button
          variant="ghost"
          size="icon-sm"
          disabled={!canRedo}
          onClick={onRedo}
          aria-label={t("editor.redo")}
          title={t("editor.redoKeys")}
          data-testid="editor-redo"
        >
          <Redo2 aria-hidden />
        </Button>
      </div>
      <Button
        size="sm"
        onClick={onPublish}
        disabled={publishing || status === "conflict" || status === "invalid"}
        data-testid="editor-publish"
      >
        {publishing ? <Loader2 aria-hidden className="animate-spin" /> : <Upload aria-hidden />}
        {t("editor.publish")}
      </Button>
      {unpublished ? (
        <span
          className="w-full text-right text-xs text-muted-foreground sm:w-auto"
          data-testid="editor-unpublished"
        >
          {t("editor.unpublished")}
        </span>
      ) : null}
    </div>
  );
}
