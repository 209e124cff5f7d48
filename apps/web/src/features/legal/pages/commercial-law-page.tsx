import type { TOperatorInfo } from "@shobai/shared";
import { PURCHASABLE_PLANS } from "@shobai/shared/constants";
import type { ReactNode } from "react";
import { Link } from "wouter";
import { Skeleton } from "@/components/ui/skeleton";
import { formatJpy } from "@/lib/format";
import { useTranslation } from "@/lib/use-translation";
import { useOperator } from "../api/get-operator";
import { LegalPage, type LegalSection } from "../components/legal-page";

type OperatorField = keyof TOperatorInfo;

const VARIABLES: Record<OperatorField, string> = {
  name: "OPERATOR_NAME",
  representative: "OPERATOR_REPRESENTATIVE",
  address: "OPERATOR_ADDRESS",
  phone: "OPERATOR_PHONE",
  email: "OPERATOR_EMAIL",
  invoiceNumber: "OPERATOR_INVOICE_NUMBER",
};

/** The law lets a seller leave these out if it discloses them on request without delay. */
const DISCLOSED_ON_REQUEST: ReadonlySet<OperatorField> = new Set(["address", "phone"]);

function Rows({ rows }: { rows: { key: string; label: string; value: ReactNode }[] }) {
  return (
    <dl className="overflow-hidden rounded-xl border border-border bg-background">
      {rows.map((row) => (
        <div
          key={row.key}
          className="grid gap-1 border-border border-t px-4 py-3 first:border-t-0 sm:grid-cols-[13rem_minmax(0,1fr)] sm:gap-6 sm:py-4"
        >
          <dt className="font-semibold text-foreground text-sm sm:text-[0.9375rem]">{row.label}</dt>
          <dd className="m-0 space-y-2" data-testid={`commercial-${row.key}`}>
            {row.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function OperatorValue({
  field,
  operator,
  isLoading,
  isError,
}: {
  field: OperatorField;
  operator: TOperatorInfo | undefined;
  isLoading: boolean;
  isError: boolean;
}) {
  const { t } = useTranslation("legal");
  if (isLoading) return <Skeleton className="h-5 w-48" />;
  if (isError || !operator)
    return <p className="text-muted-foreground">{t("commercialLaw.values.loadError")}</p>;
  const value = operator[field];
  const extra =
    field === "email" ? (
      <p className="text-muted-foreground text-sm">
        <Link href="/contact">{t("commercialLaw.values.contactForm")}</Link>
      </p>
    ) : null;
  if (value) {
    return (
      <>
        <p className="whitespace-pre-line">
          {field === "email" ? <a href={`mailto:${value}`}>{value}</a> : value}
        </p>
        {extra}
      </>
    );
  }
  return (
    <>
      {DISCLOSED_ON_REQUEST.has(field) ? <p>{t("commercialLaw.values.disclosure")}</p> : null}
      <p className="text-muted-foreground text-sm" data-testid="operator-not-configured">
        {t("commercialLaw.values.notConfigured", { variable: VARIABLES[field] })}
      </p>
      {extra}
    </>
  );
}

function Paragraphs({ texts }: { texts: unknown }) {
  const list = Array.isArray(texts) ? texts.filter((v): v is string => typeof v === "string") : [];
  return (
    <>
      {list.map((text) => (
        <p key={text}>{text}</p>
      ))}
    </>
  );
}

/** /commercial-law: 特定商取引法に基づく表記, required for selling online in Japan. */
export default function CommercialLawPage() {
  const { t } = useTranslation("legal");
  const { data: operator, isLoading, isError } = useOperator();
  const operatorRow = (key: string, field: OperatorField) => ({
    key,
    label: t(`commercialLaw.labels.${key}`),
    value: <OperatorValue field={field} operator={operator} isLoading={isLoading} isError={isError} />,
  });
  const textRow = (key: string) => ({
    key,
    label: t(`commercialLaw.labels.${key}`),
    value: <p>{t(`commercialLaw.values.${key}`)}</p>,
  });

  const sections: LegalSection[] = [
    {
      id: "seller",
      title: t("commercialLaw.sections.seller"),
      content: (
        <Rows
          rows={[
            operatorRow("seller", "name"),
            operatorRow("representative", "representative"),
            operatorRow("address", "address"),
            operatorRow("phone", "phone"),
            operatorRow("email", "email"),
            operatorRow("invoiceNumber", "invoiceNumber"),
          ]}
        />
      ),
    },
    {
      id: "price",
      title: t("commercialLaw.sections.price"),
      content: (
        <Rows
          rows={[
            {
              key: "price",
              label: t("commercialLaw.labels.price"),
              value: (
                <>
                  <ul className="m-0 list-none space-y-1 p-0" data-testid="commercial-plans">
                    {PURCHASABLE_PLANS.map((plan) => (
                      <li key={plan.id} className="flex flex-wrap justify-between gap-x-4 sm:max-w-sm">
                        <span className="font-medium">{plan.name}</span>
                        <span className="tabular-nums">
                          {t("commercialLaw.values.priceMonthly", { price: formatJpy(plan.priceJpy) })}
                        </span>
                      </li>
                    ))}
                  </ul>
                  <div className="space-y-1 pt-1 text-muted-foreground text-sm">
                    <Paragraphs texts={t("commercialLaw.values.priceNotes", { returnObjects: true })} />
                  </div>
                </>
              ),
            },
            textRow("extraFees"),
          ]}
        />
      ),
    },
    {
      id: "payment",
      title: t("commercialLaw.sections.payment"),
      content: <Rows rows={[textRow("paymentMethod"), textRow("paymentTiming")]} />,
    },
    {
      id: "delivery",
      title: t("commercialLaw.sections.delivery"),
      content: <Rows rows={[textRow("deliveryTiming"), textRow("environment")]} />,
    },
    {
      id: "returns",
      title: t("commercialLaw.sections.returns"),
      content: (
        <Rows
          rows={[
            {
              key: "returns",
              label: t("commercialLaw.labels.returns"),
              value: <Paragraphs texts={t("commercialLaw.values.returns", { returnObjects: true })} />,
            },
          ]}
        />
      ),
    },
  ];

  return (
    <LegalPage
      name="commercial-law"
      title={t("commercialLaw.title")}
      intro={<p>{t("commercialLaw.intro")}</p>}
      sections={sections}
    />
  );
}
