// The common shape of a message the SMTP provider sends (one recipient, a text and an HTML part,
// a few extra headers, a Message-ID, maybe an envelope and a DKIM key) built without nodemailer's
// stream machinery, with the same bytes nodemailer's stream transport gives it. Header values are
// encoded by nodemailer's own MimeNode.encodeHeaderValue, bodies by its qp/base64 functions, the
// DKIM body hash by its RelaxedBody canonicalizer and the signature by its DKIM sign function:
// what is written here is only the order in which nodemailer puts these pieces together
// (MailComposer.compile and MimeNode.buildHeaders/stream, nodemailer 10), which is what its stream
// pipeline costs most of the CPU on (decision 0060). Anything outside this shape returns null and
// goes through nodemailer as before; fast-compose.test.ts checks the two byte for byte.
// Plain JavaScript, like compose-worker.mjs, so that worker threads load it as it is.
import { randomBytes, sign as rsaSign } from "node:crypto";
import * as base64 from "nodemailer/lib/base64";
import RelaxedBody from "nodemailer/lib/dkim/relaxed-body";
import dkimSign from "nodemailer/lib/dkim/sign";
import * as mimeFuncs from "nodemailer/lib/mime-funcs";
import MimeNode from "nodemailer/lib/mime-node";
import * as qp from "nodemailer/lib/qp";
import { normalizeDomain } from "nodemailer/lib/shared";

/** Options this composer understands; any other (attachments, cc, list, priority…) goes to nodemailer. */
const KNOWN_OPTIONS = new Set([
  "from",
  "to",
  "replyTo",
  "subject",
  "text",
  "html",
  "headers",
  "messageId",
  "date",
  "envelope",
  "dkim",
  "baseBoundary",
]);
/** Header names nodemailer sets itself (a custom header of that name would be replaced in place). */
const OWN_HEADERS = new Set([
  "from",
  "sender",
  "to",
  "cc",
  "bcc",
  "reply-to",
  "in-reply-to",
  "references",
  "subject",
  "message-id",
  "date",
  "mime-version",
  "content-type",
  "content-transfer-encoding",
  "content-disposition",
  "otp-token",
  "dkim-signature",
]);
const DKIM_OPTIONS = new Set(["domainName", "keySelector", "privateKey", "headerFieldNames", "skipFields"]);
/** What nodemailer's compile plugin turns into attachments (inline data: images). */
const DATA_IMAGE = /src\s*=[\s"']*data:/i;
const NON_ASCII = /[^\p{ASCII}]/u;

/** One node, used only for its header value encoding (public API, no state of its own is used). */
const encoder = new MimeNode();

const normalizedKeys = new Map();
function headerKey(key) {
  let normalized = normalizedKeys.get(key);
  if (normalized === undefined) {
    normalized = encoder._normalizeHeaderKey(key);
    if (normalizedKeys.size < 1000) normalizedKeys.set(key, normalized);
  }
  return normalized;
}

/**
 * Header values that are the same for all of a campaign's recipients (From, Reply-To, List-Id,
 * List-Unsubscribe-Post): their encoded forms are kept (by value, bounded) instead of parsing and
 * encoding them again for every message.
 */
const headerCache = new Map();
function encodedHeader(key, value) {
  const cacheKey = typeof value === "string" ? `${key}\n${value}` : `${key}\n${value.name}\n${value.address}`;
  let encoded = headerCache.get(cacheKey);
  if (encoded === undefined) {
    encoded = encoder.encodeHeaderValue(key, value);
    if (headerCache.size >= 1000) headerCache.clear();
    headerCache.set(cacheKey, encoded);
  }
  return encoded;
}

/**
 * An address nodemailer writes and puts in the envelope as it is: a dot-atom local part and a
 * lower-case ASCII host that is no A-label (no punycode to check). Others go through MimeNode.
 */
const PLAIN =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/;
const isPlain = (value) => typeof value === "string" && PLAIN.test(value) && !value.includes("xn--");

/** Random multipart boundaries, taken 8 bytes at a time from a block drawn once per 512 messages. */
let randomBlock = Buffer.alloc(0);
let randomAt = 0;
function boundaryBase() {
  if (randomAt + 8 > randomBlock.length) {
    randomBlock = randomBytes(4096);
    randomAt = 0;
  }
  randomAt += 8;
  return randomBlock.toString("hex", randomAt - 8, randomAt);
}

const isAddress = (value) =>
  typeof value === "string" ||
  (value !== null &&
    typeof value === "object" &&
    !Array.isArray(value) &&
    typeof value.address === "string" &&
    (value.name === undefined || typeof value.name === "string"));

/** Q or B for a text, as MimeNode._getTextEncoding picks it (more Latin letters than other bytes: Q). */
function textEncoding(value) {
  let nonLatin = 0;
  let latin = 0;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code <= 0x08 || code === 0x0b || code === 0x0c || (code >= 0x0e && code <= 0x1f) || code >= 0x80)
      nonLatin++;
    else if ((code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a)) latin++;
  }
  return nonLatin < latin ? "Q" : "B";
}

/** A text part: its headers and encoded content, as MimeNode.getTransferEncoding and stream() write them. */
function textPart(type, content) {
  let encoding;
  let body;
  if (mimeFuncs.isPlainText(content) && !mimeFuncs.hasLongerLines(content, 76)) {
    // Written as it is; the SMTP connection turns bare LFs into CRLF, done here already.
    encoding = "7bit";
    body = content.replace(/\r?\n/g, "\r\n");
  } else if (textEncoding(content) === "Q") {
    encoding = "quoted-printable";
    body = qp.wrap(qp.encode(Buffer.from(content, "utf-8")), 76);
  } else {
    encoding = "base64";
    body = base64.wrap(base64.encode(Buffer.from(content, "utf-8")), 76);
  }
  return `Content-Type: ${type}; charset=utf-8\r\nContent-Transfer-Encoding: ${encoding}\r\n\r\n${body}`;
}

/**
 * The message nodemailer's stream transport would build from these options, or null when they are
 * outside the shape handled here. Throws what nodemailer would refuse (an unreadable key).
 * @param {import("nodemailer").SendMailOptions} mail
 * @returns {Promise<{ raw: Buffer, envelope: { from: string | false, to: string[] }, messageId: string } | null>}
 */
export async function composeFast(mail) {
  for (const key of Object.keys(mail)) if (!KNOWN_OPTIONS.has(key)) return null;
  const { from, to, replyTo, subject, text, html, headers, messageId, envelope, dkim } = mail;
  if (!isAddress(from) || !isAddress(to) || (replyTo !== undefined && !isAddress(replyTo))) return null;
  if (typeof text !== "string" || typeof html !== "string" || !text || !html) return null;
  if (typeof subject !== "string" || typeof messageId !== "string" || !messageId) return null;
  if (DATA_IMAGE.test(html)) return null;
  if (mail.date !== undefined && !(mail.date instanceof Date)) return null;
  if (mail.baseBoundary !== undefined && typeof mail.baseBoundary !== "string") return null;
  if (envelope !== undefined && (typeof envelope.from !== "string" || typeof envelope.to !== "string"))
    return null;
  if (dkim !== undefined) {
    for (const key of Object.keys(dkim)) if (!DKIM_OPTIONS.has(key)) return null;
    if (!dkim.domainName || !dkim.keySelector || !dkim.privateKey) return null;
  }

  const lines = [];
  const add = (key, value) => {
    if (value.trim()) lines.push(mimeFuncs.foldLines(`${key}: ${value}`, 76));
  };
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (typeof value !== "string") return null;
    const key = headerKey(name);
    if (!key || OWN_HEADERS.has(key.toLowerCase())) return null;
    add(key, key === "List-Unsubscribe" ? encoder.encodeHeaderValue(key, value) : encodedHeader(key, value));
  }
  add("From", encodedHeader("From", from));
  add("To", isPlain(to) ? to : encodedHeader("To", to));
  if (replyTo !== undefined) add("Reply-To", encodedHeader("Reply-To", replyTo));
  if (subject) add("Subject", encoder.encodeHeaderValue("Subject", subject));
  const id = encoder.encodeHeaderValue("Message-ID", messageId);
  add("Message-ID", id);
  add("Date", (mail.date ?? new Date()).toUTCString().replace(/GMT/, "+0000"));
  add("MIME-Version", "1.0");
  const boundary = `--_NmP-${mail.baseBoundary ?? boundaryBase()}-Part_1`;
  add("Content-Type", `multipart/alternative; boundary="${boundary}"`);

  const body =
    `--${boundary}\r\n${textPart("text/plain", text)}\r\n` +
    `--${boundary}\r\n${textPart("text/html", html)}\r\n` +
    `--${boundary}--\r\n`;
  const head = `${lines.join("\r\n")}\r\n\r\n`;
  // Non-ASCII left in a header (an address that needs SMTPUTF8): nodemailer signs its UTF-8 bytes.
  if (NON_ASCII.test(head)) return null;

  let signature = "";
  if (dkim) {
    const relaxed = new RelaxedBody({ hashAlgo: "sha256" });
    // The body ends with CRLF, so there is no unfinished line left for the stream's flush to add.
    relaxed.updateHash(Buffer.from(body, "latin1"), true);
    const parsed = lines.map((line) => ({ key: line.slice(0, line.indexOf(":")).toLowerCase(), line }));
    const field = await dkimField(parsed, relaxed.bodyHash.digest("base64"), dkim);
    if (field) signature = `${field}\r\n`;
  }

  // The envelope as nodemailer's MimeNode derives it (punycode, normalized addresses): plain
  // addresses as they are, others through the shared node (setEnvelope makes a new object each time).
  let addresses;
  if (envelope && isPlain(envelope.from) && isPlain(envelope.to))
    addresses = { from: envelope.from, to: [envelope.to] };
  else {
    encoder.setEnvelope(envelope ?? { from, to });
    addresses = encoder.getEnvelope();
  }
  return {
    raw: Buffer.from(signature + head + body, "latin1"),
    envelope: addresses,
    messageId: id,
  };
}

/** A DKIM tag value as nodemailer's signer writes it (no control characters, no ';' or '='). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point (as nodemailer does)
const cleanTagValue = (value) => (value || "").toString().replace(/[\x00-\x1f\x7f;=]/g, "");

/**
 * The DKIM-Signature field nodemailer's dkim/sign.js writes, with the RSA signature computed on
 * libuv's thread pool (crypto.sign with a callback) instead of on this thread: the signatures of a
 * task's messages run side by side, on every core. Without headerFieldNames, nodemailer's own
 * (synchronous) signer with its default field list. Resolves with false when signing fails, as
 * nodemailer's signer returns (the message then goes unsigned, as before).
 */
async function dkimField(parsed, bodyHash, dkim) {
  if (!dkim.headerFieldNames) return dkimSign(parsed, "sha256", bodyHash, dkim);
  const canonical = dkimSign.relaxedHeaders(parsed, dkim.headerFieldNames, dkim.skipFields);
  const tags = [
    "v=1",
    "a=rsa-sha256",
    "c=relaxed/relaxed",
    `d=${normalizeDomain(cleanTagValue(dkim.domainName), false)}`,
    "q=dns/txt",
    `s=${cleanTagValue(dkim.keySelector)}`,
    `bh=${bodyHash}`,
    `h=${cleanTagValue(canonical.fieldNames)}`,
  ].join("; ");
  const header = `${mimeFuncs.foldLines(`DKIM-Signature: ${tags}`, 76)};\r\n b=`;
  // The field itself, canonicalized the same way as the others, with an empty b= (RFC 6376 §3.7).
  const own = dkimSign.relaxedHeaders([{ key: "dkim-signature", line: header }], "dkim-signature");
  const data = Buffer.from(canonical.headers + own.headers.slice(0, -2), "latin1");
  const signature = await new Promise((resolve) =>
    rsaSign("sha256", data, dkim.privateKey, (error, bytes) => resolve(error ? null : bytes)),
  );
  if (!signature) return false;
  return (
    header +
    signature
      .toString("base64")
      .replace(/(^.{73}|.{75}(?!\r?\n|\r))/g, "$&\r\n ")
      .trim()
  );
}
