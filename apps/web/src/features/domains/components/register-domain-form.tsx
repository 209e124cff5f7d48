import type { TDomainPurchaseTerms, TDomainSearchResult, TRegisterDomainInput } from "@shobai/shared";
import { DOMAIN_COUNTRY_DEFAULT, DOMAIN_PERIOD_DEFAULT } from "@shobai/shared";
import { JP_PREFECTURES } from "@shobai/shared/constants";
import { Globe } from "lucide-react";
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { getErrorIssues, issueText } from "@/lib/api-error";
import { formatJpy } from "@/lib/format";
import { inNameOrder } from "@/lib/name-order";
import { hardNavigate } from "@/lib/navigation";
import { toast } from "@/lib/toast";
import { useTranslation } from "@/lib/use-translation";
import { usePurchaseDomain } from "../api/purchase-domain";
import { searchDomain } from "../api/search-domain";
import { COUNTRIES, countryName } from "../countries";
import { type ContactField, fieldOfPath, type RegisterField, serverMessage } from "../error-text";
import { HOSTNAME_INPUT_PROPS } from "../hostname-input";
import { formatYears, PERIODS } from "../period";
import { PurchaseConfirmDialog } from "./purchase-confirm-dialog";

type Contact = Record<ContactField, string>;

const EMPTY_CONTACT: Contact = {
  firstName: "",
  lastName: "",
  organization: "",
  email: "",
  phone: "",
  postalCode: "",
  country: DOMAIN_COUNTRY_DEFAULT,
  state: "",
  city: "",
  address: "",
};

const REQUIRED: readonly ContactField[] = [
  "lastName",
  "firstName",
  "email",
  "phone",
  "postalCode",
  "state",
  "city",
  "address",
];

/**
 * The register tab (spec §2, §3, §5, §8, §9): domain, period (1–10 years, default 1), the owner's
 * contact (country JP by default) and two name-server slots. Submitting needs a configured service
 * and an account that may buy (decision 0042): it asks the current price, shows the purchase to
 * confirm, then goes to Stripe's payment page; the domain is registered once the payment is made.
 */
export function RegisterDomainForm({
  signedIn,
  onRequireLogin,
  configured,
  disabledReason,
  domain,
  onDomainChange,
  searchResult,
  onRegistered,
  terms,
}: {
  signedIn: boolean;
  onRequireLogin: () => void;
  configured: boolean;
  /** Why registering is off (shown above the form), once that is known; null while the status loads. */
  disabledReason: string | null;
  domain: string;
  onDomainChange: (domain: string) => void;
  /** The last search answer: its price is shown when it is the domain being registered. */
  searchResult: TDomainSearchResult | null;
  onRegistered: () => void;
  /** Whether this account may buy and how it pays; undefined while loading or signed out. */
  terms: TDomainPurchaseTerms | undefined;
}) {
  const { t, i18n } = useTranslation("domains");
  const language = i18n.language;
  const id = useId();
  const purchase = usePurchaseDomain();
  const [quoting, setQuoting] = useState(false);
  const [quote, setQuote] = useState<{
    input: TRegisterDomainInput;
    result: TDomainSearchResult & { price: number };
  } | null>(null);
  const [autoRenew, setAutoRenew] = useState(true);
  const [contact, setContact] = useState<Contact>(EMPTY_CONTACT);
  const [period, setPeriod] = useState(String(DOMAIN_PERIOD_DEFAULT));
  const [nameServers, setNameServers] = useState<[string, string]>(["", ""]);
  const [invalid, setInvalid] = useState<{ field: RegisterField; message: string } | null>(null);
  // A refusal about no single field, said beside the button; it takes the focus once said.
  const [formError, setFormError] = useState<string | null>(null);
  const formErrorRef = useRef<HTMLParagraphElement>(null);
  // Set when a refusal closes the confirmation: the focus then stays on what the form says.
  const refusedRef = useRef(false);
  useEffect(() => {
    if (formError && !purchase.isPending && !quoting) formErrorRef.current?.focus();
  }, [formError, purchase.isPending, quoting]);

  const japan = contact.country === "JP";
  const refused = signedIn && terms !== undefined && !terms.allowed;
  const disabled = signedIn && (!configured || refused);
  const pending = purchase.isPending || quoting;
  const priced =
    searchResult?.available &&
    searchResult.price !== null &&
    [searchResult.domain, searchResult.unicodeDomain].includes(domain.trim().toLowerCase())
      ? searchResult
      : null;

  const setField = (field: ContactField, value: string) => {
    setContact((current) => ({
      ...current,
      [field]: value,
      // A prefecture only makes sense in Japan; another country's state is typed in.
      ...(field === "country" && (value === "JP") !== (current.country === "JP") ? { state: "" } : {}),
    }));
    if (invalid?.field === field) setInvalid(null);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!signedIn) {
      onRequireLogin();
      return;
    }
    if (!configured || pending) return;
    const missing: RegisterField | undefined = !domain.trim()
      ? "domain"
      : REQUIRED.find((field) => !contact[field].trim());
    if (missing) {
      setFormError(null);
      setInvalid({ field: missing, message: t("register.required") });
      document.getElementById(`${id}-${missing}`)?.focus();
      toast({
        variant: "destructive",
        title: t("toast.inputErrorTitle"),
        description: t("toast.requiredFields"),
      });
      return;
    }
    const input: TRegisterDomainInput = {
      domain: domain.trim().toLowerCase(),
      registrationPeriod: Number(period),
      ownerContact: {
        firstName: contact.firstName.trim(),
        lastName: contact.lastName.trim(),
        email: contact.email.trim(),
        phone: contact.phone.trim(),
        address: contact.address.trim(),
        city: contact.city.trim(),
        state: contact.state.trim(),
        postalCode: contact.postalCode.trim(),
        country: contact.country,
        ...(contact.organization.trim() ? { organization: contact.organization.trim() } : {}),
      },
      nameServers: nameServers.map((server) => server.trim()),
    };
    setInvalid(null);
    setFormError(null);
    setQuoting(true);
    searchDomain(input.domain as string, Number(period))
      .then((result) => {
        if (!result.available || result.price === null) {
          const unavailable = t("purchase.unavailable", { domain: result.unicodeDomain });
          setFormError(unavailable);
          toast({ variant: "destructive", title: t("toast.registerErrorTitle"), description: unavailable });
          return;
        }
        setAutoRenew(true);
        setQuote({ input, result: { ...result, price: result.price } });
      })
      .catch((error: unknown) => fail(error))
      .finally(() => setQuoting(false));
  };

  const fail = (error: unknown) => {
    const message = serverMessage(error);
    // The first refused field (by its path, "ownerContact.postalCode") is marked and focused.
    const issue = getErrorIssues(error).find((i) => fieldOfPath(i.path));
    const field = issue ? fieldOfPath(issue.path) : undefined;
    if (issue && field) {
      // Said beside the field it is about, which takes the focus.
      setInvalid({ field, message: issueText(issue) });
      requestAnimationFrame(() => document.getElementById(`${id}-${field}`)?.focus());
    } else {
      // About no single field: said beside the button, which text takes the focus.
      setFormError(message || t("toast.registerFailed"));
    }
    // The spec's toast (§ toasts: thrown 「登録エラー」) stays beside what the form says.
    toast({
      variant: "destructive",
      title: t("toast.registerThrownTitle"),
      description: message || t("toast.registerFailed"),
    });
  };

  const confirm = () => {
    if (!quote) return;
    purchase.mutate(
      { ...quote.input, autoRenew, confirmedPriceJpy: quote.result.price },
      {
        onSuccess: ({ order, url }) => {
          if (url) {
            // Stripe's payment page; it comes back to /domain-management?order=….
            hardNavigate(url);
            return;
          }
          setQuote(null);
          if (order.status !== "registered") {
            setFormError(order.message || t("toast.registerFailed"));
            toast({
              variant: "destructive",
              title: t("toast.registerErrorTitle"),
              description: order.message || t("toast.registerFailed"),
            });
            return;
          }
          toast({
            title: t("toast.registeredTitle"),
            description: t("toast.registered", { domain: order.unicodeDomain }),
          });
          setContact(EMPTY_CONTACT);
          setPeriod(String(DOMAIN_PERIOD_DEFAULT));
          setNameServers(["", ""]);
          onRegistered();
        },
        onError: (error) => {
          refusedRef.current = true;
          setQuote(null);
          fail(error);
        },
      },
    );
  };

  const fieldProps = (field: RegisterField) => ({
    id: `${id}-${field}`,
    "data-testid": `domain-register-${field}`,
    "aria-invalid": invalid?.field === field ? true : undefined,
    "aria-describedby": invalid?.field === field ? `${id}-${field}-error` : undefined,
  });
  const errorOf = (field: RegisterField): ReactNode => (
    <FieldError
      id={`${id}-${field}-error`}
      message={invalid?.field === field ? invalid.message : null}
      testId="domain-register-error"
    />
  );
  const textField = (
    field: ContactField,
    options: {
      type?: string;
      autoComplete?: string;
      placeholder?: string;
      optional?: boolean;
      wide?: boolean;
      inputMode?: "tel" | "numeric" | "email";
    } = {},
  ) => (
    <div className={options.wide ? "grid gap-2 sm:col-span-2" : "grid gap-2"}>
      <Label htmlFor={`${id}-${field}`}>
        {t(`register.fields.${field}`)}
        {options.optional ? (
          <span className="text-xs font-normal text-muted-foreground">{t("register.optional")}</span>
        ) : null}
      </Label>
      <Input
        {...fieldProps(field)}
        type={options.type ?? "text"}
        inputMode={options.inputMode}
        autoComplete={options.autoComplete}
        placeholder={options.placeholder}
        value={contact[field]}
        maxLength={200}
        onChange={(e) => setField(field, e.target.value)}
      />
      {errorOf(field)}
    </div>
  );

  const [firstNameField, secondNameField] = inNameOrder(
    language,
    textField("firstName", { autoComplete: "given-name" }),
    textField("lastName", { autoComplete: "family-name" }),
  );

  return (
    <form
      onSubmit={submit}
      className="grid gap-6"
      noValidate
      aria-busy={pending}
      data-testid="domain-register-form"
    >
      {disabledReason ? (
        <Alert data-testid="domain-register-disabled">
          <Globe aria-hidden />
          <div>
            <p className="font-semibold">{t("register.disabledTitle")}</p>
            <p className="mt-0.5 text-muted-foreground">{disabledReason}</p>
          </div>
        </Alert>
      ) : refused && terms?.reason ? (
        <Alert variant="info" data-testid="domain-purchase-refused">
          <Globe aria-hidden />
          <div>
            <p className="font-semibold">{t(`purchase.refused.${terms.reason}.title`)}</p>
            <p className="mt-0.5">
              {t(`purchase.refused.${terms.reason}.description`)}{" "}
              {terms.reason !== "billing_not_configured" ? (
                <a href="/pricing" className="font-medium underline underline-offset-2">
                  {t("purchase.seePlans")}
                </a>
              ) : null}
            </p>
          </div>
        </Alert>
      ) : null}
      <p className="text-xs text-muted-foreground" data-testid="domain-purchase-rule">
        {t("purchase.rule")}
      </p>
      <fieldset className="grid gap-6" disabled={pending || disabled}>
        <section className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_12rem]">
          <div className="grid gap-2">
            <Label htmlFor={`${id}-domain`}>{t("register.domain")}</Label>
            <Input
              {...fieldProps("domain")}
              value={domain}
              {...HOSTNAME_INPUT_PROPS}
              placeholder={t("search.placeholder")}
              onChange={(e) => {
                onDomainChange(e.target.value);
                if (invalid?.field === "domain") setInvalid(null);
              }}
            />
            {errorOf("domain")}
            {priced ? (
              <p className="text-sm" data-testid="domain-register-price">
                {t("register.price", {
                  price: t("purchase.taxIncluded", { price: formatJpy(priced.price ?? 0) }),
                  period: formatYears(priced.registrationPeriod, language),
                })}
              </p>
            ) : (
              <p className="text-xs text-muted-foreground">{t("register.domainHint")}</p>
            )}
          </div>
          <div className="grid content-start gap-2">
            <Label htmlFor={`${id}-registrationPeriod`}>{t("register.period")}</Label>
            <Select value={period} onValueChange={setPeriod}>
              <SelectTrigger {...fieldProps("registrationPeriod")}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {PERIODS.map((years) => (
                  <SelectItem key={years} value={String(years)}>
                    {formatYears(years, language)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            {errorOf("registrationPeriod")}
          </div>
        </section>

        <section className="grid gap-4">
          <div>
            <h3 className="font-semibold">{t("register.contactTitle")}</h3>
            <p className="mt-0.5 text-sm text-muted-foreground">{t("register.contactDescription")}</p>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            {firstNameField}
            {secondNameField}
            {textField("organization", { autoComplete: "organization", optional: true, wide: true })}
            {textField("email", {
              type: "email",
              autoComplete: "email",
              inputMode: "email",
              placeholder: `info@${t("search.placeholder")}`,
            })}
            {textField("phone", {
              type: "tel",
              autoComplete: "tel",
              inputMode: "tel",
              placeholder: japan ? "03-1234-5678" : "+44 20 1234 5678",
            })}
            <div className="grid gap-2">
              <Label htmlFor={`${id}-country`}>{t("register.fields.country")}</Label>
              <Select value={contact.country} onValueChange={(value) => setField("country", value)}>
                <SelectTrigger {...fieldProps("country")}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {COUNTRIES.map((code) => (
                    <SelectItem key={code} value={code}>
                      {countryName(code, language)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              {errorOf("country")}
            </div>
            {textField("postalCode", {
              autoComplete: "postal-code",
              inputMode: japan ? "numeric" : undefined,
              placeholder: japan ? "150-0001" : undefined,
            })}
            {japan ? (
              <div className="grid gap-2">
                <Label htmlFor={`${id}-state`}>{t("register.fields.prefecture")}</Label>
                <Select value={contact.state} onValueChange={(value) => setField("state", value)}>
                  <SelectTrigger {...fieldProps("state")}>
                    <SelectValue placeholder={t("register.prefecturePlaceholder")} />
                  </SelectTrigger>
                  <SelectContent className="max-h-72">
                    {JP_PREFECTURES.map((prefecture) => (
                      <SelectItem key={prefecture.en} value={prefecture.en}>
                        {language === "ja" ? prefecture.ja : prefecture.en}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
                {errorOf("state")}
              </div>
            ) : (
              textField("state", { autoComplete: "address-level1" })
            )}
            {textField("city", {
              autoComplete: "address-level2",
              placeholder: japan ? t("register.cityPlaceholder") : undefined,
            })}
            {textField("address", {
              autoComplete: "street-address",
              wide: true,
              placeholder: japan ? t("register.addressPlaceholder") : undefined,
            })}
          </div>
        </section>

        <section className="grid gap-4">
          <div>
            <h3 className="font-semibold">{t("register.nameServersTitle")}</h3>
            <p className="mt-0.5 text-sm text-muted-foreground">{t("register.nameServersHint")}</p>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            {nameServers.map((server, index) => (
              <div key={index === 0 ? "ns1" : "ns2"} className="grid gap-2">
                <Label htmlFor={`${id}-ns${index + 1}`}>
                  {t("register.nameServer", { number: index + 1 })}
                </Label>
                <Input
                  id={`${id}-ns${index + 1}`}
                  data-testid={`domain-register-ns${index + 1}`}
                  aria-invalid={invalid?.field === "nameServers" ? true : undefined}
                  aria-describedby={invalid?.field === "nameServers" ? `${id}-nameServers-error` : undefined}
                  value={server}
                  {...HOSTNAME_INPUT_PROPS}
                  placeholder={t("register.nameServerPlaceholder", { number: index + 1 })}
                  onChange={(e) => {
                    const next: [string, string] = [...nameServers];
                    next[index] = e.target.value;
                    setNameServers(next);
                    if (invalid?.field === "nameServers") setInvalid(null);
                  }}
                />
              </div>
            ))}
          </div>
          {errorOf("nameServers")}
        </section>
      </fieldset>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-end">
        {formError ? (
          <p
            ref={formErrorRef}
            tabIndex={-1}
            role="alert"
            className="text-sm text-destructive outline-none sm:mr-auto"
            data-testid="domain-register-form-error"
          >
            {formError}
          </p>
        ) : null}
        <Button
          type="submit"
          data-testid="domain-register-submit"
          disabled={pending || disabled}
          className="w-full sm:w-auto"
        >
          {pending ? <Spinner /> : <Globe aria-hidden />}
          {t("purchase.review")}
        </Button>
      </div>
      {quote ? (
        <PurchaseConfirmDialog
          quote={quote.result}
          payer={terms?.payer ?? "card"}
          autoRenew={autoRenew}
          onAutoRenewChange={setAutoRenew}
          pending={purchase.isPending}
          onConfirm={confirm}
          onCancel={() => setQuote(null)}
          onCloseAutoFocus={(event) => {
            if (!refusedRef.current) return;
            refusedRef.current = false;
            event.preventDefault();
            formErrorRef.current?.focus();
          }}
        />
      ) : null}
    </form>
  );
}
