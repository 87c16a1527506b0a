/**
 * What every text field of every schema refuses, whatever else it allows: a NUL (Postgres
 * cannot store it in text, so it was a 500 there and a stored oddity in the embedded database)
 * and a lone UTF-16 surrogate (no UTF-8 spelling exists for it: JSON can carry `"\ud800"`, but
 * the database, the mail and the CSV cannot). One rule, so a new field cannot forget it.
 */
import * as z from 'zod/mini'

const UNSAFE_TEXT =
  // eslint-disable-next-line no-control-regex
  /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/

/** True when the text has no NUL and no lone surrogate. */
export function isPlainText(text: string): boolean {
  return !UNSAFE_TEXT.test(text)
}

/** The message a refused field gets, naming it. */
export const notPlainText = (label: string) =>
  `${label} must be plain text (no NUL characters or broken Unicode)`

/** The check for a z.string(): refuses NUL and lone surrogates, naming the field. */
export const plainText = (label: string) => z.refine<string>(isPlainText, notPlainText(label))
