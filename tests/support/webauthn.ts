import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto'
import { encodeCBOR, type CBORType } from '@levischuck/tiny-cbor'
import { expect } from 'vitest'
import { authenticationOptionsSchema, passkeyAddedSchema, registrationOptionsSchema } from '../../src/shared/api/webauthn'
import type { ApiClient } from './http-client'

/** base64url, as browsers put binary fields into WebAuthn's JSON */
const b64u = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url')
const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest()

/** UP (user present) and UV (user verified), AT (attested credential data follows) */
const FLAG_UP = 0x01
const FLAG_UV = 0x04
const FLAG_AT = 0x40

interface Credential {
  id: Buffer
  rpId: string
  userHandle: string
  privateKey: KeyObject
  counter: number
}

/** What a browser would do differently for a test: another origin, another challenge, no user verification. */
export interface Ceremony {
  origin?: string
  challenge?: string
  userVerified?: boolean
  /** which of the authenticator's passkeys answers (a discoverable sign-in lets the person pick) */
  credentialId?: string
}

/**
 * A platform authenticator in software, as the WebAuthn spec describes one: ES256 keys, 'none' attestation, a
 * signature counter. It answers the server's options with the JSON @simplewebauthn/browser would send.
 */
export class SoftAuthenticator {
  private readonly credentials: Credential[] = []

  constructor(readonly origin: string) {}

  get credentialIds(): string[] {
    return this.credentials.map((c) => b64u(c.id))
  }

  register(optionsJson: unknown, ceremony: Ceremony = {}) {
    const options = registrationOptionsSchema.parse(optionsJson)
    const rpId = options.rp.id ?? new URL(this.origin).hostname
    const excluded = new Set((options.excludeCredentials ?? []).map((c) => c.id))
    if (this.credentialIds.some((id) => excluded.has(id))) throw new Error('InvalidStateError: this authenticator is already registered')
    const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
    const jwk = publicKey.export({ format: 'jwk' })
    const coseKey = new Map<number, CBORType>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ])
    const id = randomBytes(16)
    const credential: Credential = { id, rpId, userHandle: options.user.id, privateKey, counter: 0 }
    const idLength = Buffer.alloc(2)
    idLength.writeUInt16BE(id.length)
    const authData = Buffer.concat([
      this.authDataHead(credential, FLAG_AT | this.flags(ceremony)),
      Buffer.alloc(16), // AAGUID: none given
      idLength,
      id,
      Buffer.from(encodeCBOR(coseKey)),
    ])
    const attestationObject = encodeCBOR(
      new Map<string, CBORType>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    )
    this.credentials.push(credential)
    return {
      id: b64u(id),
      rawId: b64u(id),
      type: 'public-key' as const,
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: this.clientData('webauthn.create', options.challenge, ceremony),
        attestationObject: b64u(attestationObject),
        transports: ['internal'],
      },
    }
  }

  authenticate(optionsJson: unknown, ceremony: Ceremony = {}) {
    const options = authenticationOptionsSchema.parse(optionsJson)
    const rpId = options.rpId ?? new URL(this.origin).hostname
    const allowed = options.allowCredentials?.length ? new Set(options.allowCredentials.map((c) => c.id)) : null
    const credential = this.credentials.find(
      (c) => c.rpId === rpId && (!allowed || allowed.has(b64u(c.id))) && (!ceremony.credentialId || ceremony.credentialId === b64u(c.id)),
    )
    if (!credential) throw new Error('NotAllowedError: no passkey of this authenticator may answer')
    credential.counter += 1
    const authData = this.authDataHead(credential, this.flags(ceremony))
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, ceremony)
    const signature = sign('sha256', Buffer.concat([authData, sha256(Buffer.from(clientDataJSON, 'base64url'))]), credential.privateKey)
    return {
      id: b64u(credential.id),
      rawId: b64u(credential.id),
      type: 'public-key' as const,
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
      response: { clientDataJSON, authenticatorData: b64u(authData), signature: b64u(signature), userHandle: credential.userHandle },
    }
  }

  private flags(ceremony: Ceremony): number {
    return FLAG_UP | (ceremony.userVerified === false ? 0 : FLAG_UV)
  }

  /** rpIdHash, flags, and the signature counter (big-endian) */
  private authDataHead(credential: Credential, flags: number): Buffer {
    const counter = Buffer.alloc(4)
    counter.writeUInt32BE(credential.counter)
    return Buffer.concat([sha256(credential.rpId), Buffer.from([flags]), counter])
  }

  private clientData(type: string, challenge: string, ceremony: Ceremony): string {
    return b64u(
      Buffer.from(JSON.stringify({ type, challenge: ceremony.challenge ?? challenge, origin: ceremony.origin ?? this.origin, crossOrigin: false })),
    )
  }
}

/** Settings → Passkeys → Add a passkey, as a browser does it; the password is what an account without two-factor gives. */
export async function addPasskey(client: ApiClient, authenticator: SoftAuthenticator, options: { name?: string; password?: string } = {}) {
  const started = await client.post('/api/auth/webauthn/register/options', options.password === undefined ? {} : { password: options.password })
  expect(started.status, started.text).toBe(200)
  const response = authenticator.register(started.json)
  const done = await client.post('/api/auth/webauthn/register/verify', { name: options.name ?? 'Laptop', response })
  expect(done.status, done.text).toBe(201)
  return passkeyAddedSchema.parse(done.json)
}

/** Asks for sign-in options and answers them: the whole passkey sign-in, or its second step after a password. */
export async function signInWithPasskey(
  client: ApiClient,
  authenticator: SoftAuthenticator,
  ceremony: Ceremony = {},
  extra: Record<string, unknown> = {},
) {
  const options = await client.post('/api/auth/webauthn/login/options', {})
  expect(options.status, options.text).toBe(200)
  return client.post('/api/auth/webauthn/login/verify', { response: authenticator.authenticate(options.json, ceremony), ...extra })
}
