import { sha256 } from '@oslojs/crypto/sha2';
import { decodeBase64, encodeBase64 } from '@oslojs/encoding';

/**
 * AES-256-GCM for secrets that must be readable by the server (TOTP secrets, recovery codes
 * during setup), so a leaked database alone doesn't give them away. The key comes from
 * TOTP_ENCRYPTION_KEY (32 bytes, base64; required in production). Development and tests, which
 * have no secret store, use a fixed key derived from a constant: never valid for production.
 * Values without the `v1.` prefix are legacy plaintext (the demo seed's documented secret).
 */
const PREFIX = 'v1.';
const DEV_KEY = sha256(new TextEncoder().encode('impulz-development-only-totp-key'));
const keys = new Map<string, Promise<CryptoKey>>();

function importKey(base64Key: string | undefined): Promise<CryptoKey> {
  const id = base64Key ?? '';
  let key = keys.get(id);
  if (!key) {
    const raw = new Uint8Array(base64Key ? decodeBase64(base64Key) : DEV_KEY);
    if (raw.length !== 32) throw new Error('TOTP_ENCRYPTION_KEY must be 32 bytes (base64)');
    key = crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']);
    keys.set(id, key);
  }
  return key;
}

export async function sealSecret(plain: string, base64Key: string | undefined): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await importKey(base64Key), new TextEncoder().encode(plain));
  return `${PREFIX}${encodeBase64(iv)}.${encodeBase64(new Uint8Array(sealed))}`;
}

export async function openSecret(value: string, base64Key: string | undefined): Promise<string> {
  if (!value.startsWith(PREFIX)) return value;
  const [iv, data] = value.slice(PREFIX.length).split('.');
  if (!iv || !data) throw new Error('malformed sealed secret');
  const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: new Uint8Array(decodeBase64(iv)) }, await importKey(base64Key), new Uint8Array(decodeBase64(data)));
  return new TextDecoder().decode(plain);
}
