import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/*
 * Short secrets that must travel through a durable store we do not want them readable in (a
 * one-time code in a job payload): AES-256-GCM under a key derived (HKDF-SHA256) from the server
 * secret and a purpose, so a key of one purpose opens nothing of another. The sealed form is
 * base64url(iv 12 bytes | tag 16 bytes | ciphertext).
 */

const IV_BYTES = 12;
const TAG_BYTES = 16;
const BASE64URL_PATTERN = /^[A-Za-z0-9_-]+$/;

function keyFor(secret: string, purpose: string): Buffer {
  if (secret === "") throw new Error("sealing secret must not be empty");
  return Buffer.from(hkdfSync("sha256", secret, "studio-sealed-text", purpose, 32));
}

export function sealText(plaintext: string, secret: string, purpose: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", keyFor(secret, purpose), iv);
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
}

/** The plaintext, or null for anything not sealed with this secret and purpose (or altered). */
export function openSealedText(sealed: string, secret: string, purpose: string): string | null {
  if (secret === "" || !BASE64URL_PATTERN.test(sealed)) return null;
  const bytes = Buffer.from(sealed, "base64url");
  if (bytes.length < IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyFor(secret, purpose), bytes.subarray(0, IV_BYTES));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
      "utf8",
    );
  } catch {
    return null;
  }
}
