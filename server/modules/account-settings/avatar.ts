import { ACCOUNT_MESSAGES, ACCOUNT_RULES } from '@shared/api/account-settings'
import { imageTooLarge, reencodeImage, type ImageRules, type ProcessedImage } from '../media/reencode'

/** Media folder of profile pictures: keys are `avatars/<32 hex>.webp`. */
export const AVATAR_FOLDER = 'avatars'
const AVATAR_QUALITY = 85

export const AVATAR_IMAGE_RULES: ImageRules = {
  maxBytes: ACCOUNT_RULES.avatarMaxBytes,
  maxPixels: ACCOUNT_RULES.avatarMaxPixels,
  messages: {
    size: ACCOUNT_MESSAGES.avatarSize,
    type: ACCOUNT_MESSAGES.avatarType,
    unreadable: ACCOUNT_MESSAGES.avatarUnreadable,
    dimensions: ACCOUNT_MESSAGES.avatarDimensions,
  },
}

export const avatarTooLarge = () => imageTooLarge(ACCOUNT_MESSAGES.avatarSize)

/** A profile picture: upright, without metadata, the centre cropped to a 256 px square, WebP. */
export function processAvatar(input: Buffer): Promise<ProcessedImage> {
  const side = ACCOUNT_RULES.avatarSide
  return reencodeImage(input, AVATAR_IMAGE_RULES, (image) =>
    image.resize({ width: side, height: side, fit: 'cover', position: 'centre' }).webp({ quality: AVATAR_QUALITY }),
  )
}
