/**
 * The leads export (docs/architecture.md, "Contracts: API"): CSV that a spreadsheet opens without
 * running anything, or JSON. Every cell is quoted, and a formula start (= + - @, their full-width
 * forms, tab, carriage return) gets an apostrophe in front, the OWASP advice against CSV injection,
 * both at the start of a cell and right after a `,` or `;` inside it: a spreadsheet that splits on
 * semicolons ignores our quotes, so `a;=1+1` would otherwise start a live cell there.
 */
import type { LeadRow } from './submission-repository.ts'

const FORMULA_START = /^(\s*)([=+\-@\t\r＝＋－＠])/
const FORMULA_AFTER_SEPARATOR = /([,;][ \t]*)([=+\-@＝＋－＠])/g

function neutraliseFormulas(text: string): string {
  return text.replace(FORMULA_START, "'$1$2").replace(FORMULA_AFTER_SEPARATOR, "$1'$2")
}

export function csvCell(value: string | number | boolean | Date | null | undefined): string {
  if (value === null || value === undefined) return '""'
  let text = value instanceof Date ? value.toISOString() : String(value)
  if (typeof value === 'string') text = neutraliseFormulas(text)
  return `"${text.replaceAll('"', '""')}"`
}

function toCsv(
  header: readonly string[],
  rows: readonly (readonly (string | number | boolean | Date | null)[])[],
): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n'
}

const COLUMNS = [
  'submission_id',
  'created_at',
  'first_name',
  'last_name',
  'email',
  'model',
  'source',
  'has_license',
  'activation_key',
  'license_assigned_at',
  'waitlist',
  'waitlist_notified_at',
  'terms_version',
] as const

/** One lead as a record of the columns above (the JSON export, a person's export). */
export function leadValues(lead: LeadRow) {
  return {
    submission_id: lead.id,
    created_at: lead.createdAt,
    first_name: lead.firstName,
    last_name: lead.lastName,
    email: lead.email,
    model: lead.model,
    source: lead.source,
    has_license: lead.activationKey !== null,
    activation_key: lead.activationKey,
    license_assigned_at: lead.licenseAssignedAt,
    waitlist: lead.waitlist,
    waitlist_notified_at: lead.waitlistNotifiedAt,
    terms_version: lead.termsVersion,
  }
}

export function leadsToCsv(leads: readonly LeadRow[]): string {
  return toCsv(
    COLUMNS,
    leads.map((lead) => {
      const values = leadValues(lead)
      return COLUMNS.map((column) => values[column])
    }),
  )
}

export function leadsToJson(leads: readonly LeadRow[]): string {
  return JSON.stringify(leads.map(leadValues), null, 2) + '\n'
}
