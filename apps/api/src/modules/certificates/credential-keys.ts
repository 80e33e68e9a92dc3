import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { calculateJwkThumbprint, exportJWK } from 'jose';

export type CredentialAlg = 'EdDSA' | 'ES256' | 'RS256';

/** The key that signs credentials now: its id (the RFC 7638 thumbprint of the public key), algorithm and halves. */
export interface SigningKey {
  kid: string;
  alg: CredentialAlg;
  privateKey: KeyObject;
  publicJwk: Record<string, string>;
}

export function algOf(key: KeyObject): CredentialAlg {
  if (key.asymmetricKeyType === 'ed25519') return 'EdDSA';
  if (key.asymmetricKeyType === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1') return 'ES256';
  if (key.asymmetricKeyType === 'rsa') return 'RS256';
  throw new Error(`credential signing key of an unsupported type: ${key.asymmetricKeyType}`);
}

export async function signingKeyOf(privateKey: KeyObject): Promise<SigningKey> {
  const jwk = await exportJWK(createPublicKey(privateKey));
  // Only the public members, whatever the key type: a private member can never reach the key set.
  const publicJwk = Object.fromEntries(
    Object.entries(jwk).filter(([k, v]) => ['kty', 'crv', 'x', 'y', 'n', 'e'].includes(k) && v),
  ) as Record<string, string>;
  return { kid: await calculateJwkThumbprint(publicJwk), alg: algOf(privateKey), privateKey, publicJwk };
}

/**
 * The development and test key: generated once (Ed25519) into `file` (mode 0600) and read from there after,
 * so restarts keep signing with it. Two processes starting at once keep the first one written.
 */
export async function keptKey(file: string): Promise<KeyObject> {
  const read = async () =>
    createPrivateKey({
      key: JSON.parse(await readFile(file, 'utf8')) as object & { kty: string },
      format: 'jwk',
    });
  try {
    return await read();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const { privateKey } = generateKeyPairSync('ed25519');
  try {
    await writeFile(file, JSON.stringify(privateKey.export({ format: 'jwk' })), { flag: 'wx', mode: 0o600 });
    return privateKey;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return read();
  }
}
