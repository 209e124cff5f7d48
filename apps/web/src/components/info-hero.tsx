import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/** The opening of every info page: an icon, the page's one h1 and a short lead. */
export function InfoHero({
  icon: Icon,
  eyebrow,
  title,
  lead,
  children,
}: {
  icon: LucideIcon;
  eyebrow?: string;
  title: string;
  lead: string;
  children?: ReactNode;
}) {
  return (
    <header className="mx-auto flex max-w-[44rem] flex-col items-center text-center">
      <span className="grid size-12 place-items-center rounded-xl bg-brand-50 text-primary">
        <Icon className="size-6" aria-hidden />
      </span>
      {eyebrow ? <p className="mt-4 text-sm font-semibold text-primary">{eyebrow}</p> : null}
      <h1 className={`${eyebrow ? "mt-1" : "mt-4"} text-3xl font-bold sm:text-4xl`}>{title}</h1>
      <p className="mt-4 text-base text-muted-foreground sm:text-lg">{lead}</p>
      {children}
    </header>
  );
}
