// Runs in the SMTP provider's worker threads (compose-pool.ts): turns messages' options into the
// bytes sent, DKIM signature included. Building MIME and RSA signing are the costliest parts of
// a campaign send; here they run beside the event loop that talks to the database and the SMTP
// server. nodemailer's stream transport does it exactly as its SMTP transport would (same plugins,
// headers and signer), so the bytes are the same as before the work moved here; the common shape
// (a campaign mail: text and HTML, a few headers) is built by fast-compose.mjs with the same bytes
// and its RSA signature computed on libuv's thread pool (decision 0060).
// Plain JavaScript so that worker threads load it as it is, under tsx, vitest and Node alike.
import { createPrivateKey } from "node:crypto";
import nodemailer from "nodemailer";
import { Piscina } from "piscina";
import { composeFast } from "./fast-compose.mjs";

const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });

/** Private keys parsed once per thread: signing with a parsed key costs half as much as with PEM text. */
const parsedKeys = new Map();
const MAX_PARSED_KEYS = 1000;

function parsedKey(pem) {
  let key = parsedKeys.get(pem);
  if (key === undefined) {
    if (parsedKeys.size >= MAX_PARSED_KEYS) parsedKeys.clear();
    key = createPrivateKey(pem);
    parsedKeys.set(pem, key);
  }
  return key;
}

/** @param {import("nodemailer").SendMailOptions & { dkim?: { privateKey: string } }} mail */
async function composeOne(mail) {
  if (mail.dkim) mail.dkim = { ...mail.dkim, privateKey: parsedKey(mail.dkim.privateKey) };
  // The common shape (a campaign or notification mail) without the stream pipeline, same bytes.
  const fast = await composeFast(mail);
  if (fast) return { raw: ownBuffer(fast.raw), envelope: fast.envelope, messageId: fast.messageId };
  const info = await transport.sendMail(mail);
  return { raw: ownBuffer(info.message), envelope: info.envelope, messageId: info.messageId ?? null };
}

/** The bytes in a buffer of their own, so that they move to the pool's thread instead of being copied. */
const ownBuffer = (bytes) =>
  bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : new Uint8Array(bytes);

/**
 * A task is a few messages (compose-pool.ts); each is built on its own, and one that fails (a bad
 * key, say) is answered with its error without failing the others.
 * @param {Array<import("nodemailer").SendMailOptions>} mails
 */
export default async function compose(mails) {
  // Side by side: the RSA signatures run on libuv's thread pool (fast-compose.mjs).
  const results = await Promise.all(mails.map((mail) => composeOne(mail).catch((error) => ({ error }))));
  const buffers = results.flatMap((r) => ("raw" in r ? [r.raw.buffer] : []));
  return Piscina.move({ [Piscina.transferableSymbol]: buffers, [Piscina.valueSymbol]: results });
}
