import { Gift, Languages, Sparkles, Users } from "lucide-react";
import { useAuthTranslation } from "../hooks/use-auth-translation";

const POINTS = [
  { icon: Gift, title: "panel.trial", detail: "panel.trialDetail" },
  { icon: Sparkles, title: "panel.ai", detail: "panel.aiDetail" },
  { icon: Users, title: "panel.crm", detail: "panel.crmDetail" },
  { icon: Languages, title: "panel.multilingual", detail: "panel.multilingualDetail" },
] as const;

/** Large screens only (spec §2): what the visitor gets by signing up. */
export function AuthSidePanel() {
  const { t } = useAuthTranslation();
  return (
    <aside
      className="relative hidden overflow-hidden bg-brand-900 text-white lg:flex lg:flex-col lg:justify-center lg:px-14 xl:px-20"
      data-testid="auth-side-panel"
    >
      <div
        aria-hidden
        className="pointer-events-none absolute -top-32 -right-32 size-[28rem] rounded-full bg-brand-600/40 blur-3xl"
      />
      <div
        aria-hidden
        className="pointer-events-none absolute -bottom-40 -left-24 size-[26rem] rounded-full bg-brand-500/25 blur-3xl"
      />
      <div className="relative max-w-md">
        <p className="mb-4 text-sm font-medium tracking-widest text-brand-200" lang="ja">
          Shobai 商売
        </p>
        <h2 className="text-3xl font-bold text-white">{t("panel.title")}</h2>
        <p className="mt-3 text-brand-100">{t("panel.subtitle")}</p>
        <ul className="mt-10 flex flex-col gap-6">
          {POINTS.map(({ icon: Icon, title, detail }) => (
            <li key={title} className="flex gap-4">
              <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-white/10 ring-1 ring-white/15">
                <Icon className="size-5 text-brand-100" aria-hidden />
              </span>
              <div>
                <p className="font-semibold text-white">{t(title)}</p>
                <p className="text-sm text-brand-200">{t(detail)}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </aside>
  );
}
