import { isLanguage, type TLanguage } from "@shobai/shared";
import { sendWithRetry } from "../../providers/email/retry";
import type { EmailProvider } from "../../providers/email/types";

type Text = { subject: string; lines: string[] };
type Invite = { workspace: string; inviter: string; role: string; link: string; days: number };

/** Role names as the mail says them (the screens use their locale files). */
const ROLE_NAMES: Record<TLanguage, Record<string, string>> = {
  ja: { admin: "管理者", editor: "編集者", viewer: "閲覧者" },
  en: { admin: "administrator", editor: "editor", viewer: "viewer" },
  pl: { admin: "administrator", editor: "edytor", viewer: "obserwator" },
  ro: { admin: "administrator", editor: "editor", viewer: "observator" },
  ms: { admin: "pentadbir", editor: "penyunting", viewer: "pemerhati" },
  id: { admin: "administrator", editor: "editor", viewer: "pengamat" },
};

// Names the inviter typed go into the text version and are escaped in the HTML one.
const TEXTS: Record<TLanguage, (i: Invite) => Text> = {
  ja: (i) => ({
    subject: `Shobai（商売）「${i.workspace}」への招待`,
    lines: [
      `${i.inviter} さんから、Shobai のワークスペース「${i.workspace}」に${i.role}として招待されました。`,
      `次のリンクを開いて参加してください（${i.days}日間有効、1回限り）。アカウントがなければ、このメールアドレスで登録できます:`,
      i.link,
      "お心当たりがない場合は、このメールを破棄してください。",
    ],
  }),
  en: (i) => ({
    subject: `Shobai: you are invited to “${i.workspace}”`,
    lines: [
      `${i.inviter} invited you to the Shobai workspace “${i.workspace}” as ${i.role}.`,
      `Open this link to join (valid for ${i.days} days, once). Without an account, you can sign up with this email address:`,
      i.link,
      "If you do not expect this, ignore this email.",
    ],
  }),
  pl: (i) => ({
    subject: `Shobai: zaproszenie do „${i.workspace}”`,
    lines: [
      `${i.inviter} zaprasza Cię do przestrzeni roboczej Shobai „${i.workspace}” jako ${i.role}.`,
      `Otwórz ten link, aby dołączyć (ważny ${i.days} dni, jednorazowo). Bez konta możesz zarejestrować się tym adresem e-mail:`,
      i.link,
      "Jeśli się tego nie spodziewasz, zignoruj tę wiadomość.",
    ],
  }),
  ro: (i) => ({
    subject: `Shobai: invitație în „${i.workspace}”`,
    lines: [
      `${i.inviter} te-a invitat în spațiul de lucru Shobai „${i.workspace}” ca ${i.role}.`,
      `Deschide acest link pentru a te alătura (valabil ${i.days} zile, o singură dată). Fără cont, te poți înregistra cu această adresă de e-mail:`,
      i.link,
      "Dacă nu te așteptai la acest mesaj, ignoră-l.",
    ],
  }),
  ms: (i) => ({
    subject: `Shobai: jemputan ke “${i.workspace}”`,
    lines: [
      `${i.inviter} menjemput anda ke ruang kerja Shobai “${i.workspace}” sebagai ${i.role}.`,
      `Buka pautan ini untuk menyertai (sah selama ${i.days} hari, sekali sahaja). Tanpa akaun, anda boleh mendaftar dengan alamat e-mel ini:`,
      i.link,
      "Jika anda tidak menjangkakan e-mel ini, abaikan sahaja.",
    ],
  }),
  id: (i) => ({
    subject: `Shobai: undangan ke “${i.workspace}”`,
    lines: [
      `${i.inviter} mengundang Anda ke ruang kerja Shobai “${i.workspace}” sebagai ${i.role}.`,
      `Buka tautan ini untuk bergabung (berlaku ${i.days} hari, sekali pakai). Tanpa akun, Anda dapat mendaftar dengan alamat email ini:`,
      i.link,
      "Jika Anda tidak mengharapkan email ini, abaikan saja.",
    ],
  }),
};

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

export type InvitationMailer = ReturnType<typeof createInvitationMailer>;

/** The invitation email, through the configured provider (the outbox by default), in the inviter's language. */
export function createInvitationMailer(deps: {
  provider: EmailProvider;
  publicUrl: string;
  from: { email: string; name?: string };
}) {
  return {
    link: (token: string) => `${deps.publicUrl}/invite?token=${encodeURIComponent(token)}`,
    async send(input: {
      workspaceId: string;
      workspaceName: string;
      inviterName: string;
      language: string | null;
      to: string;
      role: string;
      token: string;
      days: number;
    }) {
      const language: TLanguage = isLanguage(input.language) ? input.language : "ja";
      const link = this.link(input.token);
      const text = TEXTS[language]({
        workspace: input.workspaceName,
        inviter: input.inviterName,
        role: ROLE_NAMES[language][input.role] ?? input.role,
        link,
        days: input.days,
      });
      const html = text.lines
        .map((line) =>
          line === link
            ? `<p><a href="${escapeHtml(line)}">${escapeHtml(line)}</a></p>`
            : `<p>${escapeHtml(line)}</p>`,
        )
        .join("\n");
      await sendWithRetry(deps.provider, {
        from: deps.from,
        to: { email: input.to },
        subject: text.subject,
        text: text.lines.join("\n\n"),
        html: `<!doctype html><html><body style="font-family:sans-serif;line-height:1.8">${html}</body></html>`,
        // The workspace's outbox view shows it (the outbox provider).
        tags: { kind: "workspace-invitation", owner: input.workspaceId },
      });
    },
  };
}
