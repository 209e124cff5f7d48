import { isValidPhone } from "@shobai/shared/constants";
import type { TFunction } from "@/lib/use-translation";
import type { ContactFieldErrors, ContactFieldValues } from "./components/contact-fields";

export function trimFields(values: ContactFieldValues): ContactFieldValues {
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.email.trim(),
    company: values.company.trim(),
    phone: values.phone.trim(),
  };
}

/** Spec §5: first name and email are required. */
export function missingRequired(values: ContactFieldValues, t: TFunction<"crm">): ContactFieldErrors | null {
  const errors: ContactFieldErrors = {};
  if (!values.firstName.trim()) errors.firstName = t("errors.firstNameRequired");
  if (!values.email.trim()) errors.email = t("errors.emailRequired");
  return Object.keys(errors).length > 0 ? errors : null;
}

/** A phone that the server would refuse, caught before sending, in the interface language. */
export function phoneError(values: ContactFieldValues, t: TFunction<"crm">): ContactFieldErrors | null {
  const phone = values.phone.trim();
  return phone && !isValidPhone(phone) ? { phone: t("errors.invalidPhone") } : null;
}
