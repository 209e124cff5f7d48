import type { TDnsRecord } from "@shobai/shared";
import { Check, Copy } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/lib/toast";
import { useTranslation } from "@/lib/use-translation";

function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation("domains");
  const [copied, setCopied] = useState(false);
  // "Copied" shows for a moment; the timer goes with the button if it leaves the screen first.
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      toast({ variant: "destructive", title: t("toast.copyFailedTitle"), description: value });
    }
  };
  return (
    <Button
      variant="ghost"
      size="icon-sm"
      aria-label={copied ? t("dns.copied") : label}
      title={label}
      onClick={() => void copy()}
      data-testid="dns-copy"
    >
      {copied ? <Check className="text-success" aria-hidden /> : <Copy aria-hidden />}
    </Button>
  );
}

/**
 * The record(s) to set at the DNS provider, each part copyable (type, host name, value). A table
 * from the sm breakpoint; on a phone each record is a small labelled block.
 */
export function DnsRecordsTable({ records }: { records: TDnsRecord[] }) {
  const { t } = useTranslation("domains");
  const label = (text: string) => (
    <span className="w-20 shrink-0 text-xs text-muted-foreground sm:hidden" aria-hidden>
      {text}
    </span>
  );
  return (
    <div className="rounded-lg border border-border">
      <table className="block w-full text-left text-sm sm:table" data-testid="dns-records">
        <caption className="sr-only">{t("dns.caption")}</caption>
        <thead className="hidden bg-surface text-xs text-muted-foreground sm:table-header-group">
          <tr>
            <th scope="col" className="rounded-tl-lg px-3 py-2 font-medium">
              {t("dns.type")}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {t("dns.name")}
            </th>
            <th scope="col" className="rounded-tr-lg px-3 py-2 font-medium">
              {t("dns.value")}
            </th>
          </tr>
        </thead>
        <tbody className="block sm:table-row-group">
          {records.map((record) => (
            <tr
              key={`${record.type}-${record.name}-${record.value}`}
              className="flex flex-col gap-1 border-border px-3 py-2.5 not-first:border-t sm:table-row sm:border-t sm:p-0"
              data-testid="dns-record"
            >
              <td className="flex items-center sm:table-cell sm:px-3 sm:py-2">
                {label(t("dns.type"))}
                <span className="grid gap-0.5">
                  <span className="font-mono font-semibold">{record.type}</span>
                  <span className="text-xs text-muted-foreground" data-testid="dns-record-purpose">
                    {t(`dns.purpose.${record.type}`)}
                  </span>
                </span>
              </td>
              <td className="flex items-center sm:table-cell sm:px-3 sm:py-1.5">
                {label(t("dns.name"))}
                <span className="flex min-w-0 items-center gap-1">
                  <span className="min-w-0 break-all font-mono">{record.name}</span>
                  <CopyButton value={record.name} label={t("dns.copyName")} />
                </span>
              </td>
              <td className="flex items-center sm:table-cell sm:px-3 sm:py-1.5">
                {label(t("dns.value"))}
                <span className="flex min-w-0 items-center gap-1">
                  <span className="min-w-0 break-all font-mono" data-testid="dns-record-value">
                    {record.value}
                  </span>
                  <CopyButton value={record.value} label={t("dns.copyValue")} />
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
