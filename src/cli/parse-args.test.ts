/** The orders commands, `--pool` and a person's export as an operator types them (docs/architecture.md "Contracts: CLI"). */
import { describe, expect, it } from 'vitest'
import { parseCliArgs, UsageError } from './parse-args.ts'

describe('the orders commands on the command line', () => {
  it('reads each command with its flags', () => {
    expect(parseCliArgs(['orders', 'list'])).toEqual({
      kind: 'command',
      command: { name: 'orders list', format: 'table' },
    })
    expect(
      parseCliArgs(['orders', 'list', '--status', 'awaiting_key', '--format', 'json']),
    ).toEqual({
      kind: 'command',
      command: { name: 'orders list', status: 'awaiting_key', format: 'json' },
    })
    expect(parseCliArgs(['orders', 'resend', '--order', 'cs_test_1'])).toEqual({
      kind: 'command',
      command: { name: 'orders resend', order: 'cs_test_1' },
    })
    expect(
      parseCliArgs([
        'orders',
        'add',
        '--email',
        'ann@example.com',
        '--name',
        'Ann Example',
        '--model',
        'basic',
        '--quantity',
        '3',
        '--reference',
        'INV-1',
      ]),
    ).toEqual({
      kind: 'command',
      command: {
        name: 'orders add',
        email: 'ann@example.com',
        buyerName: 'Ann Example',
        model: 'basic',
        quantity: 3,
        reference: 'INV-1',
      },
    })
    expect(
      parseCliArgs(['licenses', 'import', '--model', 'basic', '--pool', 'paid', 'k.txt']),
    ).toEqual({
      kind: 'import',
      command: { name: 'licenses import', model: 'basic', pool: 'paid', fileName: 'k.txt' },
      file: 'k.txt',
    })
  })

  it('names what is missing or wrong', () => {
    const usage = (argv: string[]) => {
      try {
        parseCliArgs(argv)
      } catch (error) {
        if (error instanceof UsageError) return error.message
        throw error
      }
      return null
    }
    expect(usage(['orders', 'resend'])).toBe('orders resend needs --order ID')
    expect(usage(['orders', 'list', '--status', 'lost'])).toMatch(/unknown status "lost"/)
    expect(usage(['orders', 'add', '--email', 'a@b.c', '--name', 'A', '--model', 'basic'])).toBe(
      'orders add needs --reference R',
    )
    expect(
      usage([
        'orders',
        'add',
        '--email',
        'a@b.c',
        '--name',
        'A',
        '--model',
        'basic',
        '--quantity',
        '0',
        '--reference',
        'R',
      ]),
    ).toMatch(/quantity must be a whole number from 1 to 100/)
    expect(usage(['licenses', 'import', '--model', 'basic', '--pool', 'gold', 'k.txt'])).toMatch(
      /unknown pool "gold"/,
    )
    expect(usage(['orders', 'list', '--order', 'x'])).toBe('orders list takes no --order')
  })

  it("reads a person's export: `leads export --email`", () => {
    expect(
      parseCliArgs(['leads', 'export', '--email', 'ann@example.com', '--format', 'json']),
    ).toEqual({
      kind: 'command',
      command: { name: 'leads export', format: 'json', email: 'ann@example.com' },
    })
    expect(parseCliArgs(['leads', 'export'])).toEqual({
      kind: 'command',
      command: { name: 'leads export', format: 'csv' },
    })
    expect(() => parseCliArgs(['leads', 'export', '--email', 'not-an-address'])).toThrow(UsageError)
  })
})

describe('the data and go-live commands on the command line', () => {
  it('reads them, with the file made absolute for the server that may write it', () => {
    expect(parseCliArgs(['backup', 'site.backup'])).toEqual({
      kind: 'command',
      command: { name: 'backup', file: `${process.cwd()}/site.backup` },
    })
    expect(parseCliArgs(['restore', 'site.backup', '--yes'])).toEqual({
      kind: 'restore',
      file: `${process.cwd()}/site.backup`,
    })
    expect(parseCliArgs(['db', 'copy', '--to', 'postgres://u@h/db'])).toEqual({
      kind: 'db copy',
      to: 'postgres://u@h/db',
    })
    expect(parseCliArgs(['doctor', '--format', 'json'])).toEqual({
      kind: 'command',
      command: { name: 'doctor', format: 'json' },
    })
    expect(parseCliArgs(['console', 'sign-in-link', '--email', 'Ann@Example.com'])).toEqual({
      kind: 'command',
      command: { name: 'console sign-in-link', email: 'ann@example.com' },
    })
  })

  it('refuses what would write without being asked, or is missing its target', () => {
    expect(() => parseCliArgs(['restore', 'site.backup'])).toThrow(/add --yes/)
    expect(() => parseCliArgs(['restore', '--yes'])).toThrow(/needs the backup FILE/)
    expect(() => parseCliArgs(['db', 'copy'])).toThrow(/needs --to postgres:/)
    expect(() => parseCliArgs(['db', 'copy', '--to', 'mysql://x'])).toThrow(/needs --to postgres:/)
    expect(() => parseCliArgs(['backup'])).toThrow(/backup needs a FILE/)
    expect(() => parseCliArgs(['doctor', '--format', 'csv'])).toThrow(/unknown format "csv"/)
    expect(() => parseCliArgs(['console', 'sign-in-link'])).toThrow(/needs --email ADDRESS/)
  })
})
