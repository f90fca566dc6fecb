import argon2 from 'argon2'

/** argon2id with OWASP's minimum parameters (19 MiB, 2 passes, 1 lane). */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

export const hashPassword = (password: string) => argon2.hash(password, OPTIONS)

/** A fixed hash to verify against when the user does not exist, so both paths take the same time. */
let decoy: Promise<string> | undefined

export async function verifyPassword(hash: string | undefined, password: string): Promise<boolean> {
  if (!hash) {
    decoy ??= hashPassword('decoy-password-for-timing')
    await argon2.verify(await decoy, password).catch(() => false)
    return false
  }
  return argon2.verify(hash, password).catch(() => false)
}
