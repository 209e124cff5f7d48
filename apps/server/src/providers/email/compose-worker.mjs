// Runs in the SMTP provider's worker threads (compose-pool.ts): turns messages' options into the
// bytes sent, DKIM signature included. Building MIME and RSA signing are the costliest parts of
// a campaign send; here they run beside the event loop that talks to the database and the SMTP
// server. nodemailer's stream transport does it exactly as its SMTP transport would (same plugins,
// headers and signer), so the bytes are the same as before the work moved here.
// Plain JavaScript so that worker threads load it as it is, under tsx, vitest and Node alike.
import { createPrivateKey } from "node:crypto";
import nodemailer from "nodemailer";
import { Piscina } from "piscina";

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
  const info = await transport.sendMail(mail);
  // The bytes in a buffer of their own, so that they move to the pool's thread instead of being copied.
  const raw =
    info.message.byteOffset === 0 && info.message.byteLength === info.message.buffer.byteLength
      ? info.message
      : new Uint8Array(info.message);
  return { raw, envelope: info.envelope, messageId: info.messageId ?? null };
}

/**
 * A task is a few messages (compose-pool.ts); each is built on its own, and one that fails (a bad
 * key, say) is answered with its error without failing the others.
 * @param {Array<import("nodemailer").SendMailOptions>} mails
 */
export default async function compose(mails) {
  const results = [];
  for (const mail of mails) {
    try {
      results.push(await composeOne(mail));
    } catch (error) {
      results.push({ error });
    }
  }
  const buffers = results.flatMap((r) => ("raw" in r ? [r.raw.buffer] : []));
  return Piscina.move({ [Piscina.transferableSymbol]: buffers, [Piscina.valueSymbol]: results });
}
