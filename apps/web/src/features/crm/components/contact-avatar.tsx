import { cn } from "@/lib/cn";
import { contactInitials } from "../contact-name";

export function ContactAvatar({
  contact,
  className,
}: {
  contact: { firstName: string; lastName: string; email?: string };
  className?: string;
}) {
  return (
    <span
      aria-hidden
      className={cn(
        "grid size-9 shrink-0 place-items-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800",
        className,
      )}
    >
      {contactInitials(contact)}
    </span>
  );
}
