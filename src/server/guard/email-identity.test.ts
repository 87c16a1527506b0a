import { describe, expect, it } from 'vitest'
import { canonicalEmail, isDisposableEmail, maskEmail, maskEmailsIn } from './email-identity.ts'

describe('canonical e-mail', () => {
  it.each([
    ['Ann@Example.com', 'ann@example.com'],
    ['plus+1@example.com', 'plus@example.com'],
    ['plus+tag+more@example.com', 'plus@example.com'],
    ['a.n.n@example.com', 'a.n.n@example.com'],
    ['A.N.N+x@Gmail.com', 'ann@gmail.com'],
    ['ann@googlemail.com', 'ann@gmail.com'],
    ['a.nn+trial@googlemail.com', 'ann@gmail.com'],
    ['+only@example.com', '+only@example.com'],
    ['alice-x@yahoo.com', 'alice@yahoo.com'],
    ['Alice-shop-2@YMail.com', 'alice@ymail.com'],
    ['alice+x@yahoo.co.uk', 'alice@yahoo.co.uk'],
    ['a.lice-x@yahoo.com', 'a.lice@yahoo.com'],
    ['-x@yahoo.com', '-x@yahoo.com'],
    ['mary-jane@example.com', 'mary-jane@example.com'],
    ['mary-jane@outlook.com', 'mary-jane@outlook.com'],
    ['a.lee+x@outlook.com', 'a.lee@outlook.com'],
  ])('%s -> %s', (input, expected) => {
    expect(canonicalEmail(input)).toBe(expected)
  })
})

describe('disposable domains', () => {
  it('knows the usual services and their subdomains, not real providers', () => {
    expect(isDisposableEmail('x@mailinator.com')).toBe(true)
    expect(isDisposableEmail('x@MAILINATOR.COM')).toBe(true)
    expect(isDisposableEmail('x@inbox.mailinator.com')).toBe(true)
    expect(isDisposableEmail('x@guerrillamail.com')).toBe(true)
    expect(isDisposableEmail('x@gmail.com')).toBe(false)
    expect(isDisposableEmail('x@example.com')).toBe(false)
    expect(isDisposableEmail('x@company.co.uk')).toBe(false)
  })
})

describe('masking', () => {
  it('keeps the first letter and the domain', () => {
    expect(maskEmail('ann.lee@example.com')).toBe('a***@example.com')
    expect(maskEmailsIn('550 <ann@example.com>: no; also bob@x.org')).toBe(
      '550 <a***@example.com>: no; also b***@x.org',
    )
  })
})
