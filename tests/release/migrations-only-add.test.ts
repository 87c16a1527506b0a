/**
 * Expand, then contract (DESIGN.md §20; docs/operations.md, "Upgrading"): while the previous
 * release may still run on the database, a release's migrations only add. This holds every
 * migration file against the previous landed release (.release/previous): a file it shipped is
 * here byte for byte (the migrator would refuse the start otherwise, and decision 28's baseline
 * relies on it), and a file added since neither drops, renames nor retypes anything, adds no
 * column the previous release's inserts would break, and creates no database routine.
 *
 * The one exception is a contract migration, named `NNNN_contract_<what>.sql`: it removes what
 * no release since the previous one uses, and the side-by-side test (side-by-side.test.ts)
 * proves the previous release still serves on the database it leaves. It creates no routine
 * either.
 */
import { readdir, readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { splitStatements } from '#src/server/db/migrate.ts'
import { fileAt, git, previousRelease, ROOT } from './previous-release.ts'

const DIR = 'src/server/db/migrations/'

/** Comments, string literals, quoted names and dollar-quoted bodies blanked out. */
function codeOnly(statement: string): string {
  return statement
    .replace(/\$([A-Za-z_]*)\$[\s\S]*?\$\1\$/g, ' $$ ')
    .replace(/'(?:[^']|'')*'/g, " '' ")
    .replace(/"(?:[^"]|"")*"/g, ' "" ')
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/--[^\n]*/g, ' ')
    .replace(/\s+/g, ' ')
    .toUpperCase()
    .trim()
}

/** The clauses of an ALTER TABLE, split at the commas outside parentheses. */
function clauses(statement: string): string[] {
  const parts: string[] = []
  let depth = 0
  let current = ''
  for (const ch of statement) {
    if (ch === '(') depth++
    if (ch === ')') depth--
    if (ch === ',' && depth === 0) {
      parts.push(current.trim())
      current = ''
    } else current += ch
  }
  return [...parts, current.trim()]
}

/** A contract migration may remove things; none may create a routine. */
const CONTRACT_FILE = /^\d{4}_contract_[\w-]+\.sql$/
const ROUTINE = 'creates a database routine (none is created from now on)'

const CONTRACTING: [RegExp, string][] = [
  [/\bDROP\b/, 'drops something'],
  [/\bRENAME\b/, 'renames something'],
  [/\bTRUNCATE\b/, 'empties a table'],
  [/\bALTER COLUMN \S+ (SET DATA )?TYPE\b/, "changes a column's type"],
  [/\bSET NOT NULL\b/, 'makes a column NOT NULL'],
  [/\bCREATE (OR REPLACE )?(FUNCTION|PROCEDURE|TRIGGER)\b/, ROUTINE],
]

/** What in a migration file would break a release that still runs on the database. */
function contractions(text: string): string[] {
  const found: string[] = []
  const statements = splitStatements(text).map(codeOnly)
  // A check constraint replaced in the same file (dropped, then added again under its name) is
  // how a check is widened, e.g. a new status value: the one drop an expanding file may hold.
  // That the new check admits every row the previous release writes is the author's to show.
  const recheck = new Set(
    statements.flatMap((s) => [...s.matchAll(/\bADD CONSTRAINT (\S+) CHECK\b/g)].map((m) => m[1]!)),
  )
  const replacedCheck = (statement: string) => {
    const drop =
      /^ALTER TABLE (IF EXISTS )?(ONLY )?\S+ DROP CONSTRAINT (IF EXISTS )?([^\s;]+);?$/.exec(
        statement,
      )
    return drop !== null && recheck.has(drop[4]!)
  }
  for (const statement of statements) {
    if (replacedCheck(statement)) continue
    for (const [pattern, what] of CONTRACTING)
      if (pattern.test(statement)) found.push(`${what}: ${statement.slice(0, 120)}`)
    const alter = /^ALTER TABLE (IF EXISTS )?(ONLY )?\S+ (.*)$/.exec(statement)
    for (const clause of alter ? clauses(alter[3]!) : []) {
      const column =
        /^ADD (COLUMN )?(?!CONSTRAINT\b|PRIMARY\b|UNIQUE\b|CHECK\b|FOREIGN\b|EXCLUDE\b)/
      if (
        column.test(clause) &&
        /\bNOT NULL\b/.test(clause) &&
        !/\b(DEFAULT|GENERATED)\b/.test(clause)
      )
        found.push(
          `adds a NOT NULL column without a default, which the previous release's inserts do not fill: ${clause}`,
        )
    }
  }
  return found
}

describe('contractions()', () => {
  it('finds each way of taking away from what the previous release uses', () => {
    const finds = (sql: string) => contractions(sql).map((f) => f.split(':')[0])
    expect(finds('DROP TABLE old_things')).toEqual(['drops something'])
    expect(finds('ALTER TABLE licenses DROP COLUMN batch')).toEqual(['drops something'])
    expect(finds('alter table t alter column c drop default')).toEqual(['drops something'])
    expect(finds('ALTER TABLE licenses RENAME COLUMN batch TO lot')).toEqual(['renames something'])
    expect(finds('ALTER TABLE licenses RENAME TO keys')).toEqual(['renames something'])
    expect(finds('truncate rate_limit_counters')).toEqual(['empties a table'])
    expect(finds('ALTER TABLE t ALTER COLUMN c TYPE bigint')).toEqual(["changes a column's type"])
    expect(finds('ALTER TABLE t ALTER COLUMN c SET DATA TYPE bigint')).toEqual([
      "changes a column's type",
    ])
    expect(finds('ALTER TABLE t ALTER COLUMN c SET NOT NULL')).toEqual(['makes a column NOT NULL'])
    expect(finds('ALTER TABLE t ADD COLUMN c text NOT NULL')).toEqual([
      "adds a NOT NULL column without a default, which the previous release's inserts do not fill",
    ])
    expect(finds('ALTER TABLE t ADD c int NOT NULL, ADD COLUMN d int')).toHaveLength(1)
    expect(
      finds('CREATE OR REPLACE FUNCTION f() RETURNS int LANGUAGE sql AS $$ SELECT 1 $$'),
    ).toEqual(['creates a database routine (none is created from now on)'])
    expect(finds('CREATE PROCEDURE p() LANGUAGE sql AS $body$ SELECT 1 $body$')).toHaveLength(1)
    // A constraint dropped and not put back, or put back under another name, is a drop.
    expect(finds('ALTER TABLE t DROP CONSTRAINT t_status_check')).toEqual(['drops something'])
    expect(
      finds(
        'ALTER TABLE t DROP CONSTRAINT t_a_check\n--> statement-breakpoint\nALTER TABLE t ADD CONSTRAINT t_b_check CHECK (a > 0)',
      ),
    ).toEqual(['drops something'])
  })

  it('lets a check constraint be widened: dropped and added again under its name in one file', () => {
    expect(
      contractions(
        "ALTER TABLE orders DROP CONSTRAINT IF EXISTS orders_status_check\n--> statement-breakpoint\nALTER TABLE orders ADD CONSTRAINT orders_status_check CHECK (status IN ('a', 'b'))",
      ),
    ).toEqual([])
  })

  it('lets additions through, and words in comments, strings, names and bodies', () => {
    expect(
      contractions(
        [
          '-- We never DROP or RENAME anything here.',
          "CREATE TABLE dropped_things (id int PRIMARY KEY, note text NOT NULL DEFAULT 'drop', drop_count int NOT NULL)",
          '--> statement-breakpoint',
          "ALTER TABLE licenses ADD COLUMN note text, ADD COLUMN n int NOT NULL DEFAULT 0, ADD CONSTRAINT c CHECK (n >= 0 AND note <> 'rename')",
          '--> statement-breakpoint',
          "CREATE INDEX licenses_note_idx ON licenses (note) WHERE status = 'available'",
          '--> statement-breakpoint',
          'ALTER TABLE t ADD COLUMN "drop" int, ADD COLUMN id bigint NOT NULL GENERATED ALWAYS AS IDENTITY',
          '--> statement-breakpoint',
          "DO $$ BEGIN RAISE NOTICE 'drop'; END $$",
          '--> statement-breakpoint',
          "UPDATE trial_submissions SET note = 'renamed' WHERE note IS NULL",
        ].join('\n'),
      ),
    ).toEqual([])
  })
})

describe('the migrations against the previous release', () => {
  it('keep every file the previous release shipped byte for byte, and add only', async () => {
    const previous = await previousRelease()
    const shipped = (await git('ls-tree', '--name-only', previous, DIR))
      .split('\n')
      .filter((path) => path.endsWith('.sql'))
    expect(shipped.length).toBeGreaterThan(0)
    const ours = (await readdir(`${ROOT}${DIR}`)).filter((f) => f.endsWith('.sql'))
    for (const path of shipped) {
      const file = path.slice(DIR.length)
      expect(ours, `${file} shipped in ${previous} and is gone`).toContain(file)
      const now = await readFile(`${ROOT}${path}`)
      expect(now.equals(await fileAt(previous, path)), `${file} changed since ${previous}`).toBe(
        true,
      )
    }
    const added = ours.filter((file) => !shipped.includes(`${DIR}${file}`))
    for (const file of added) {
      const found = contractions(await readFile(`${ROOT}${DIR}${file}`, 'utf8'))
      const refused = CONTRACT_FILE.test(file) ? found.filter((f) => f.startsWith(ROUTINE)) : found
      expect(refused, file).toEqual([])
    }
  })
})
