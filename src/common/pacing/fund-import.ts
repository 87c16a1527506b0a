/**
 * Existing funds imported from a CSV (docs/product.md, "Pacing Lab"), headed
 * `name,asset_class,commitment,vintage,paid_in,nav`: one fund a line, plain decimals, a name in
 * double quotes when it holds a comma. Every bad line gets its own message, by line number.
 */
import type { ExistingFund } from './portfolio.ts'
import { parseExistingFund } from './plan-query.ts'

const FUND_IMPORT_HEADER = 'name,asset_class,commitment,vintage,paid_in,nav'

interface FundImportProblem {
  /** 1-based line of the text (the header is line 1). */
  line: number
  message: string
}

interface FundImport {
  funds: ExistingFund[]
  problems: FundImportProblem[]
}

/** Split one CSV line, honouring double quotes ("" is a quote inside). */
function splitLine(line: string): string[] {
  const out: string[] = []
  let field = ''
  let quoted = false
  for (let i = 0; i < line.length; i++) {
    const c = line[i]
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"'
        i++
      } else if (c === '"') quoted = false
      else field += c
    } else if (c === '"') quoted = true
    else if (c === ',') {
      out.push(field.trim())
      field = ''
    } else field += c
  }
  out.push(field.trim())
  return out
}

/** Read the CSV; funds holds the good lines, problems one message per bad line. Never throws. */
export function parseFundsCsv(text: string): FundImport {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/)
  const header = (lines[0] ?? '').trim().toLowerCase().replaceAll(' ', '')
  if (header !== FUND_IMPORT_HEADER)
    return {
      funds: [],
      problems: [{ line: 1, message: `The first line must be the header ${FUND_IMPORT_HEADER}` }],
    }
  const funds: ExistingFund[] = []
  const problems: FundImportProblem[] = []
  lines.slice(1).forEach((raw, i) => {
    const line = i + 2
    if (raw.trim() === '') return
    const parts = splitLine(raw)
    if (parts.length !== 6) {
      problems.push({
        line,
        message: `Line ${line}: expected 6 values (${FUND_IMPORT_HEADER}), found ${parts.length}`,
      })
      return
    }
    const [name = '', ...rest] = parts
    const parsed = parseExistingFund(rest.join(','))
    if (!parsed.ok) {
      problems.push({ line, message: `Line ${line}${name ? ` (${name})` : ''}: ${parsed.message}` })
      return
    }
    funds.push(name ? { ...parsed.value, name } : parsed.value)
  })
  if (funds.length === 0 && problems.length === 0)
    problems.push({ line: 2, message: 'No funds: add one line per fund below the header' })
  return { funds, problems }
}
