import { EMAIL_VERIFICATION_HOURS, isLanguage, PASSWORD_RESET_MINUTES, type TLanguage } from "@shobai/shared";
import { sendWithRetry } from "../../providers/email/retry";
import type { EmailProvider } from "../../providers/email/types";

type Text = { subject: string; lines: string[] };
type Texts = {
  verify: (link: string) => Text;
  reset: (link: string) => Text;
  resetDone: () => Text;
  locked: (minutes: number) => Text;
};

// Mails about the account itself, in the owner's interface language. None carries a name or
// anything else a stranger could have typed at sign-up: only our links and the address itself.
const TEXTS: Record<TLanguage, Texts> = {
  ja: {
    verify: (link) => ({
      subject: "Shobai（商売）メールアドレスの確認",
      lines: [
        "Shobai へのご登録ありがとうございます。",
        `次のリンクを開いて、このメールアドレスを確認してください（${EMAIL_VERIFICATION_HOURS}時間有効、1回限り）:`,
        link,
        "確認が済むと、メールの配信やドメインの購入ができるようになります。",
        "お心当たりがない場合は、このメールを破棄してください。",
      ],
    }),
    reset: (link) => ({
      subject: "Shobai（商売）パスワードの再設定",
      lines: [
        "パスワード再設定のご依頼を受け付けました。",
        `次のリンクから新しいパスワードを設定してください（${PASSWORD_RESET_MINUTES}分間有効、1回限り）:`,
        link,
        "お心当たりがない場合は、このメールを破棄してください。パスワードは変わりません。",
      ],
    }),
    resetDone: () => ({
      subject: "Shobai（商売）パスワードが変更されました",
      lines: [
        "アカウントのパスワードが再設定され、ほかの端末のログインはすべて終了しました。",
        "お心当たりがない場合は、すぐに「パスワードをお忘れですか？」から再設定してください。",
      ],
    }),
    locked: (minutes) => ({
      subject: "Shobai（商売）ログインを一時的に停止しました",
      lines: [
        `あなたのアカウントでパスワードの誤りが続いたため、ログインを${minutes}分間停止しました。`,
        "ご本人の操作でない場合も、パスワードは漏れていません。心配な場合は「パスワードをお忘れですか？」から再設定できます（停止中も使えます）。",
      ],
    }),
  },
  en: {
    verify: (link) => ({
      subject: "Shobai: confirm your email address",
      lines: [
        "Thank you for signing up to Shobai.",
        `Open this link to confirm your email address (valid for ${EMAIL_VERIFICATION_HOURS} hours, once):`,
        link,
        "Once it is confirmed you can send email and buy domains.",
        "If you did not sign up, ignore this email.",
      ],
    }),
    reset: (link) => ({
      subject: "Shobai: reset your password",
      lines: [
        "Someone asked to reset the password of your Shobai account.",
        `Set a new password with this link (valid for ${PASSWORD_RESET_MINUTES} minutes, once):`,
        link,
        "If it was not you, ignore this email; your password stays as it is.",
      ],
    }),
    resetDone: () => ({
      subject: "Shobai: your password was changed",
      lines: [
        "The password of your account was reset, and every other signed-in device was signed out.",
        "If this was not you, reset it again now with “Forgot password?”.",
      ],
    }),
    locked: (minutes) => ({
      subject: "Shobai: sign-in paused for your account",
      lines: [
        `After many wrong passwords, signing in to your account is paused for ${minutes} minutes.`,
        "If it was not you, your password is still safe. You can reset it with “Forgot password?” at any time, even now.",
      ],
    }),
  },
  pl: {
    verify: (link) => ({
      subject: "Shobai: potwierdź swój adres e-mail",
      lines: [
        "Dziękujemy za rejestrację w Shobai.",
        `Otwórz ten link, aby potwierdzić adres e-mail (ważny ${EMAIL_VERIFICATION_HOURS} godziny, jednorazowo):`,
        link,
        "Po potwierdzeniu możesz wysyłać e-maile i kupować domeny.",
        "Jeśli to nie Ty się rejestrowałeś, zignoruj tę wiadomość.",
      ],
    }),
    reset: (link) => ({
      subject: "Shobai: zresetuj hasło",
      lines: [
        "Otrzymaliśmy prośbę o zresetowanie hasła do Twojego konta Shobai.",
        `Ustaw nowe hasło za pomocą tego linku (ważny ${PASSWORD_RESET_MINUTES} minut, jednorazowo):`,
        link,
        "Jeśli to nie Ty, zignoruj tę wiadomość; hasło pozostanie bez zmian.",
      ],
    }),
    resetDone: () => ({
      subject: "Shobai: Twoje hasło zostało zmienione",
      lines: [
        "Hasło do Twojego konta zostało zresetowane, a wszystkie inne zalogowane urządzenia wylogowane.",
        "Jeśli to nie Ty, natychmiast zresetuj je ponownie przez „Nie pamiętasz hasła?”.",
      ],
    }),
    locked: (minutes) => ({
      subject: "Shobai: logowanie do konta wstrzymane",
      lines: [
        `Po wielu błędnych hasłach logowanie do Twojego konta zostało wstrzymane na ${minutes} minut.`,
        "Jeśli to nie Ty, Twoje hasło jest nadal bezpieczne. Możesz je zresetować przez „Nie pamiętasz hasła?” w każdej chwili, także teraz.",
      ],
    }),
  },
  ro: {
    verify: (link) => ({
      subject: "Shobai: confirmă adresa de e-mail",
      lines: [
        "Îți mulțumim că te-ai înscris în Shobai.",
        `Deschide acest link pentru a confirma adresa de e-mail (valabil ${EMAIL_VERIFICATION_HOURS} de ore, o singură dată):`,
        link,
        "După confirmare poți trimite e-mailuri și cumpăra domenii.",
        "Dacă nu tu te-ai înscris, ignoră acest mesaj.",
      ],
    }),
    reset: (link) => ({
      subject: "Shobai: resetează parola",
      lines: [
        "Cineva a cerut resetarea parolei contului tău Shobai.",
        `Setează o parolă nouă cu acest link (valabil ${PASSWORD_RESET_MINUTES} de minute, o singură dată):`,
        link,
        "Dacă nu ai fost tu, ignoră acest mesaj; parola rămâne neschimbată.",
      ],
    }),
    resetDone: () => ({
      subject: "Shobai: parola ta a fost schimbată",
      lines: [
        "Parola contului tău a fost resetată, iar toate celelalte dispozitive conectate au fost deconectate.",
        "Dacă nu ai fost tu, reseteaz-o din nou acum cu „Ai uitat parola?”.",
      ],
    }),
    locked: (minutes) => ({
      subject: "Shobai: autentificarea în cont a fost suspendată",
      lines: [
        `După multe parole greșite, autentificarea în contul tău este suspendată pentru ${minutes} de minute.`,
        "Dacă nu ai fost tu, parola ta este în continuare în siguranță. O poți reseta oricând cu „Ai uitat parola?”, chiar și acum.",
      ],
    }),
  },
  ms: {
    verify: (link) => ({
      subject: "Shobai: sahkan alamat e-mel anda",
      lines: [
        "Terima kasih kerana mendaftar dengan Shobai.",
        `Buka pautan ini untuk mengesahkan alamat e-mel anda (sah selama ${EMAIL_VERIFICATION_HOURS} jam, sekali sahaja):`,
        link,
        "Selepas disahkan, anda boleh menghantar e-mel dan membeli domain.",
        "Jika anda tidak mendaftar, abaikan e-mel ini.",
      ],
    }),
    reset: (link) => ({
      subject: "Shobai: tetapkan semula kata laluan anda",
      lines: [
        "Seseorang meminta untuk menetapkan semula kata laluan akaun Shobai anda.",
        `Tetapkan kata laluan baharu dengan pautan ini (sah selama ${PASSWORD_RESET_MINUTES} minit, sekali sahaja):`,
        link,
        "Jika bukan anda, abaikan e-mel ini; kata laluan anda tidak berubah.",
      ],
    }),
    resetDone: () => ({
      subject: "Shobai: kata laluan anda telah ditukar",
      lines: [
        "Kata laluan akaun anda telah ditetapkan semula, dan semua peranti lain yang log masuk telah dilog keluar.",
        "Jika bukan anda, tetapkan semula sekarang melalui “Lupa kata laluan?”.",
      ],
    }),
    locked: (minutes) => ({
      subject: "Shobai: log masuk ke akaun anda dijeda",
      lines: [
        `Selepas banyak kata laluan yang salah, log masuk ke akaun anda dijeda selama ${minutes} minit.`,
        "Jika bukan anda, kata laluan anda masih selamat. Anda boleh menetapkannya semula melalui “Lupa kata laluan?” pada bila-bila masa, termasuk sekarang.",
      ],
    }),
  },
  id: {
    verify: (link) => ({
      subject: "Shobai: konfirmasi alamat email Anda",
      lines: [
        "Terima kasih telah mendaftar di Shobai.",
        `Buka tautan ini untuk mengonfirmasi alamat email Anda (berlaku ${EMAIL_VERIFICATION_HOURS} jam, sekali pakai):`,
        link,
        "Setelah dikonfirmasi, Anda dapat mengirim email dan membeli domain.",
        "Jika Anda tidak mendaftar, abaikan email ini.",
      ],
    }),
    reset: (link) => ({
      subject: "Shobai: atur ulang kata sandi Anda",
      lines: [
        "Seseorang meminta pengaturan ulang kata sandi akun Shobai Anda.",
        `Atur kata sandi baru dengan tautan ini (berlaku ${PASSWORD_RESET_MINUTES} menit, sekali pakai):`,
        link,
        "Jika bukan Anda, abaikan email ini; kata sandi Anda tidak berubah.",
      ],
    }),
    resetDone: () => ({
      subject: "Shobai: kata sandi Anda telah diubah",
      lines: [
        "Kata sandi akun Anda telah diatur ulang, dan semua perangkat lain yang masuk telah dikeluarkan.",
        "Jika bukan Anda, atur ulang sekarang melalui “Lupa kata sandi?”.",
      ],
    }),
    locked: (minutes) => ({
      subject: "Shobai: masuk ke akun Anda dijeda",
      lines: [
        `Setelah banyak kata sandi yang salah, masuk ke akun Anda dijeda selama ${minutes} menit.`,
        "Jika bukan Anda, kata sandi Anda tetap aman. Anda dapat mengatur ulang melalui “Lupa kata sandi?” kapan saja, termasuk sekarang.",
      ],
    }),
  },
};

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

function toHtml(lines: string[], link: string | undefined): string {
  const body = lines
    .map((line) =>
      line === link
        ? `<p><a href="${escapeHtml(line)}">${escapeHtml(line)}</a></p>`
        : `<p>${escapeHtml(line)}</p>`,
    )
    .join("\n");
  return `<!doctype html><html><body style="font-family:sans-serif;line-height:1.8">${body}</body></html>`;
}

export type AccountMailUser = { id: string; email: string; language: string | null };

export type AccountMailer = ReturnType<typeof createAccountMailer>;

/** Sign-up verification, password reset and account notices, through the configured provider. */
export function createAccountMailer(deps: {
  provider: EmailProvider;
  publicUrl: string;
  from: { email: string; name?: string };
}) {
  const textsFor = (user: AccountMailUser) => TEXTS[isLanguage(user.language) ? user.language : "ja"];

  async function send(user: AccountMailUser, kind: string, text: Text, link?: string, key?: string) {
    await sendWithRetry(deps.provider, {
      from: deps.from,
      to: { email: user.email },
      subject: text.subject,
      text: text.lines.join("\n\n"),
      html: toHtml(text.lines, link),
      // The owner tag puts the mail in this account's outbox view (the outbox provider).
      tags: { kind, owner: user.id },
      ...(key ? { idempotencyKey: key } : {}),
    });
  }

  return {
    providerName: deps.provider.name,
    verifyLink: (token: string) =>
      `${deps.publicUrl}/api/auth/verify-email?token=${encodeURIComponent(token)}`,
    resetLink: (token: string) => `${deps.publicUrl}/auth/reset?token=${encodeURIComponent(token)}`,

    async sendVerification(user: AccountMailUser, token: string, key: string) {
      const link = this.verifyLink(token);
      await send(user, "account-verification", textsFor(user).verify(link), link, key);
    },
    async sendReset(user: AccountMailUser, token: string, key: string) {
      const link = this.resetLink(token);
      await send(user, "password-reset", textsFor(user).reset(link), link, key);
    },
    async sendResetDone(user: AccountMailUser) {
      await send(user, "password-reset-done", textsFor(user).resetDone());
    },
    async sendLocked(user: AccountMailUser, minutes: number) {
      await send(user, "sign-in-locked", textsFor(user).locked(minutes));
    },
  };
}
