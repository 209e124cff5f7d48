import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto";

/**
 * A software passkey authenticator for server tests (decision 0052): answers WebAuthn creation and
 * request options the way a platform authenticator does (attestation "none", ES256, user present
 * and verified), so the server's real verification runs on real signatures.
 */

// The few CBOR types WebAuthn needs: unsigned/negative integers, byte and text strings, maps.
function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 256) return Buffer.from([(major << 5) | 24, n]);
  if (n < 65536) return Buffer.from([(major << 5) | 25, n >> 8, n & 255]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(n, 1);
  return b;
}
type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;
function cbor(value: Cbor): Buffer {
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string") {
    const bytes = Buffer.from(value, "utf8");
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const parts = [head(5, value.size)];
  for (const [k, v] of value) parts.push(cbor(k), cbor(v));
  return Buffer.concat(parts);
}

const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();
const b64url = (data: Uint8Array) => Buffer.from(data).toString("base64url");

type Credential = { id: Buffer; key: KeyObject; rpId: string; userHandle: string; counter: number };

export type SoftAuthenticatorOptions = {
  /** The origin the "browser" reports in its client data. */
  origin: string;
  /** false: the authenticator reports the user present but not verified (no PIN, no biometrics). */
  userVerified?: boolean;
};

export function createSoftAuthenticator({ origin, userVerified = true }: SoftAuthenticatorOptions) {
  const credentials: Credential[] = [];
  const flags = (attested: boolean) => 0x01 | (userVerified ? 0x04 : 0) | (attested ? 0x40 : 0);
  const counterBytes = (n: number) => {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(n);
    return b;
  };
  const clientData = (type: string, challenge: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }), "utf8");

  return {
    credentials,

    /** navigator.credentials.create(): a new ES256 passkey for the options' relying party and user. */
    // biome-ignore lint/suspicious/noExplicitAny: options as the server sent them (JSON).
    create(options: any) {
      const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
      const jwk = publicKey.export({ format: "jwk" });
      const id = randomBytes(16);
      const rpId = options.rp.id as string;
      credentials.push({ id, key: privateKey, rpId, userHandle: options.user.id, counter: 0 });
      const coseKey = cbor(
        new Map<Cbor, Cbor>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, Buffer.from(jwk.x as string, "base64url")],
          [-3, Buffer.from(jwk.y as string, "base64url")],
        ]),
      );
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(id.length);
      const authData = Buffer.concat([
        sha256(rpId),
        Buffer.from([flags(true)]),
        counterBytes(0),
        Buffer.alloc(16),
        idLength,
        id,
        coseKey,
      ]);
      const attestationObject = cbor(
        new Map<Cbor, Cbor>([
          ["fmt", "none"],
          ["attStmt", new Map()],
          ["authData", authData],
        ]),
      );
      return {
        id: b64url(id),
        rawId: b64url(id),
        type: "public-key" as const,
        response: {
          clientDataJSON: b64url(clientData("webauthn.create", options.challenge)),
          attestationObject: b64url(attestationObject),
          transports: ["internal"],
        },
        clientExtensionResults: {},
        authenticatorAttachment: "platform",
      };
    },

    /** navigator.credentials.get(): an assertion by `credential` (default: the newest one). */
    // biome-ignore lint/suspicious/noExplicitAny: options as the server sent them (JSON).
    get(options: any, credential: Credential | undefined = credentials.at(-1)) {
      if (!credential) throw new Error("no passkey on this authenticator");
      credential.counter += 1;
      const authData = Buffer.concat([
        sha256(options.rpId ?? credential.rpId),
        Buffer.from([flags(false)]),
        counterBytes(credential.counter),
      ]);
      const data = clientData("webauthn.get", options.challenge);
      const signature = sign("sha256", Buffer.concat([authData, sha256(data)]), credential.key);
      return {
        id: b64url(credential.id),
        rawId: b64url(credential.id),
        type: "public-key" as const,
        response: {
          clientDataJSON: b64url(data),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
          userHandle: credential.userHandle,
        },
        clientExtensionResults: {},
        authenticatorAttachment: "platform",
      };
    },
  };
}
