import { BUSINESS_CATEGORIES } from "@shobai/shared/constants";
import { CheckCircle2 } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { useLocation } from "wouter";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { currentLanguage } from "@/lib/language";
import { saveSignupDraft, splitName } from "@/lib/signup-draft";
import { useTranslation } from "@/lib/use-translation";
import { GoogleSignIn } from "./google-button";

/** After the thank-you, the dialog closes and /auth opens (spec §2: 1 s). */
export const SIGNUP_NEXT_STEP_MS = 1000;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const NO_TYPE = "none";

type Errors = { name?: string; email?: string };

/**
 * Spec §2 signup dialog: name, email, company and business type (both optional) and Google. The
 * spec only simulates the submission; here it is real (decision 0009): the details are kept for
 * this tab and /auth opens in register mode with them filled in, so only a password is left.
 */
export function SignupDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation(["auth", "websites", "common"]);
  const [, navigate] = useLocation();
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [company, setCompany] = useState("");
  const [businessType, setBusinessType] = useState(NO_TYPE);
  const [errors, setErrors] = useState<Errors>({});
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => {
      onOpenChange(false);
      navigate("/auth?signup=1");
    }, SIGNUP_NEXT_STEP_MS);
    return () => clearTimeout(timer);
  }, [done, navigate, onOpenChange]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next: Errors = {};
    if (!name.trim()) next.name = t("signup.nameRequired");
    if (!EMAIL.test(email.trim())) next.email = t("signup.emailInvalid");
    setErrors(next);
    if (next.name || next.email) return;
    saveSignupDraft({
      ...splitName(name, currentLanguage()),
      email: email.trim(),
      company: company.trim(),
      businessType: businessType === NO_TYPE ? "" : businessType,
    });
    setDone(true);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t("common:nav.close")} data-testid="signup-dialog" className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{t("signup.title")}</DialogTitle>
          <DialogDescription>{t("signup.description")}</DialogDescription>
        </DialogHeader>
        {done ? (
          <p
            role="status"
            data-testid="signup-done"
            className="flex items-start gap-2 rounded-lg bg-success-soft px-4 py-3 text-sm"
          >
            <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
            {t("signup.done")}
          </p>
        ) : (
          <div className="grid gap-4">
            <GoogleSignIn label={t("google")} orLabel={t("or")} />
            <form className="grid gap-4" onSubmit={submit} noValidate>
              <div className="grid gap-1.5">
                <Label htmlFor="signup-name">{t("signup.name")}</Label>
                <Input
                  id="signup-name"
                  data-testid="signup-name"
                  autoComplete="name"
                  value={name}
                  onChange={(e) => setName(e.target.value)}
                  aria-invalid={errors.name ? true : undefined}
                  aria-describedby={errors.name ? "signup-name-error" : undefined}
                />
                <FieldError id="signup-name-error" message={errors.name} />
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor="signup-email">{t("email")}</Label>
                <Input
                  id="signup-email"
                  data-testid="signup-email"
                  type="email"
                  inputMode="email"
                  autoComplete="email"
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                  aria-invalid={errors.email ? true : undefined}
                  aria-describedby={errors.email ? "signup-email-error" : undefined}
                />
                <FieldError id="signup-email-error" message={errors.email} />
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor="signup-company">{t("signup.company")}</Label>
                <Input
                  id="signup-company"
                  data-testid="signup-company"
                  autoComplete="organization"
                  value={company}
                  onChange={(e) => setCompany(e.target.value)}
                />
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor="signup-business-type">{t("signup.businessType")}</Label>
                <Select value={businessType} onValueChange={setBusinessType}>
                  <SelectTrigger id="signup-business-type" data-testid="signup-business-type">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value={NO_TYPE}>{t("signup.businessTypeNone")}</SelectItem>
                    {BUSINESS_CATEGORIES.map((category) => (
                      <SelectItem key={category} value={category}>
                        {t(`websites:categories.${category}`)}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </div>
              <Button type="submit" size="lg" data-testid="signup-submit">
                {t("signup.submit")}
              </Button>
            </form>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
