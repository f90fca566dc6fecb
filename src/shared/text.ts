import { z } from 'zod'

/**
 * What a reader sees of a text: without spaces, control characters and format characters (zero-width spaces and
 * joiners, marks of direction). A reason of three zero-width spaces passes "at least 3 characters" after `trim()`, and
 * the person it is for reads an empty reason.
 */
export const visibleCharacters = (text: string) => text.replace(/[\p{Z}\p{Cc}\p{Cf}\s]/gu, '')

/** Whether a text shows at least `min` characters a reader sees (a character: a code point, so an emoji is one). */
export const showsAtLeast = (text: string, min: number) => min <= 0 || [...visibleCharacters(text)].length >= min

/** A required text of `min` to `max` characters, trimmed, that shows at least `min` a reader sees; `short` and `long` say which end it missed. */
export const visibleText = (min: number, max: number, short: string, long: string) =>
  z
    .string({ error: short })
    .trim()
    .min(min, short)
    .max(max, long)
    .refine((value) => showsAtLeast(value, min), short)
