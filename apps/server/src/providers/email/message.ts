import { type EmailAddress, EmailProviderError, type EmailProviderName, type OutgoingEmail } from "./types";

const LINE_BREAK = /[\r\n]/;
const HEADER_NAME = /^[!-9;-~]+$/; // RFC 5322 field-name: printable ASCII except ':'
const SIMPLE_EMAIL = /^[^\s@<>()",;:\\[\]]+@[^\s@<>()",;:\\[\]]+$/;

/**
 * Refuses, before anything is sent, what would let one field spill into another (header injection)
 * or what no provider would accept. Callers validate user input earlier; this is the last guard.
 */
export function assertSendable(provider: EmailProviderName, message: OutgoingEmail): void {
  const reject = (why: string) => {
    throw new EmailProviderError(provider, "rejected", why);
  };
  const checkAddress = (field: string, address: EmailAddress | undefined) => {
    if (!address) return;
    if (!SIMPLE_EMAIL.test(address.email)) reject(`The ${field} address "${address.email}" is not valid`);
    if (address.name !== undefined && LINE_BREAK.test(address.name)) {
      reject(`The ${field} name contains a line break`);
    }
  };
  checkAddress("from", message.from);
  checkAddress("to", message.to);
  checkAddress("reply-to", message.replyTo);
  if (LINE_BREAK.test(message.subject)) reject("The subject contains a line break");
  for (const [name, value] of Object.entries(message.headers ?? {})) {
    if (!HEADER_NAME.test(name)) reject(`The header name "${name}" is not valid`);
    if (LINE_BREAK.test(value)) reject(`The ${name} header contains a line break`);
  }
  if (message.html === "" && message.text === "") reject("The email has no content");
}

/** `Name <email>` with the name quoted when RFC 5322 needs it; a bare address when there is no name. */
export function formatAddress(address: EmailAddress): string {
  const name = address.name?.trim();
  if (!name) return address.email;
  const needsQuotes = /[()<>[\]:;@\\,."]/.test(name);
  const display = needsQuotes ? `"${name.replace(/(["\\])/g, "\\$1")}"` : name;
  return `${display} <${address.email}>`;
}

/** The domain of an address, lower case (what DKIM keys and sending domains are matched on). */
export const domainOf = (address: string) => address.slice(address.lastIndexOf("@") + 1).toLowerCase();
