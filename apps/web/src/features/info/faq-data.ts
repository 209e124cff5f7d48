import {
  CreditCard,
  LifeBuoy,
  type LucideIcon,
  MonitorSmartphone,
  Rocket,
  Server,
  Users,
} from "lucide-react";

/** The FAQ's categories (spec §2 FAQ) in order, each with its questions' keys in `info:faq.categories`. */
export const FAQ_CATEGORIES: readonly { id: string; icon: LucideIcon; questions: readonly string[] }[] = [
  { id: "setup", icon: Rocket, questions: ["start", "trial", "skills", "languages"] },
  {
    id: "websites",
    icon: MonitorSmartphone,
    questions: ["generate", "templates", "import", "hosting", "edit"],
  },
  { id: "crm", icon: Users, questions: ["sources", "csv", "pipeline"] },
  { id: "pricing", icon: CreditCard, questions: ["plans", "change", "cancel", "moneyBack", "priceChanges"] },
  { id: "technical", icon: Server, questions: ["security", "backups", "analytics", "email", "api"] },
  { id: "support", icon: LifeBuoy, questions: ["reach", "replyTimes", "chat"] },
];
