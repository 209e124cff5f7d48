import { isValidPhone } from "@shobai/shared/constants";
import type { TFunction } from "@/lib/use-translation";
import type { ContactFieldErrors, ContactFieldValues } from "./components/contact-fields";

export function trimFields(values: ContactFieldValues): ContactFieldValues {
  return {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    firstNameKana: values.firstNameKana.trim(),
    lastNameKana: values.lastNameKana.trim(),
    email: values.email.trim(),
    company: values.company.trim(),
    companyKana: values.companyKana.trim(),
    phone: values.phone.trim(),
  };
}

/**
 * The family name or the company names the record (decision 0038), and the email is required. A
 * given name alone is kept by the server as the record's one name, so it is accepted here too.
 */
export function missingRequired(values: ContactFieldValues, t: TFunction<"crm">): ContactFieldErrors | null {
  const errors: ContactFieldErrors = {};
  if (!values.lastName.trim() && !values.company.trim() && !values.firstName.trim()) {
    errors.lastName = t("errors.nameOrCompanyRequired");
  }
  if (!values.email.trim()) errors.email = t("errors.emailRequired");
  return Object.keys(errors).length > 0 ? errors : null;
}

/** A phone that the server would refuse, caught before sending, in the interface language. */
export function phoneError(values: ContactFieldValues, t: TFunction<"crm">): ContactFieldErrors | null {
  const phone = values.phone.trim();
  return phone && !isValidPhone(phone) ? { phone: t("errors.invalidPhone") } : null;
}
