import { describe, expect, it } from 'vitest'
import { lnfTarget } from './lnf-filename.ts'

describe('lnfTarget', () => {
  it('maps a plain name to the uploads folder', () => {
    expect(lnfTarget('/lnf/chart.png')).toEqual({
      kind: 'file',
      filename: 'chart.png',
      src: '/custom-uploads/chart.png',
    })
    expect(lnfTarget('/lnf/Q3%20review.png')).toEqual({
      kind: 'file',
      filename: 'Q3 review.png',
      src: '/custom-uploads/Q3%20review.png',
    })
    expect(lnfTarget('/lnf/chart.png/')).toMatchObject({ kind: 'file', filename: 'chart.png' })
  })

  it('has no file without a name', () => {
    expect(lnfTarget('/lnf/')).toEqual({ kind: 'none' })
    expect(lnfTarget('/lnf')).toEqual({ kind: 'none' })
  })

  it.each([
    '/lnf/..',
    '/lnf/%2e%2e',
    '/lnf/..%2fsecret.txt',
    '/lnf/..%2Fsecret.txt',
    '/lnf/%2e%2e%2fsecret.txt',
    '/lnf/a/b.png',
    '/lnf/a%2fb.png',
    '/lnf/..%5csecret.txt',
    '/lnf/..\\secret.txt',
    '/lnf/%2fetc%2fpasswd',
    '/lnf/chart.png%00',
    '/lnf/%0d%0aSet-Cookie',
    '/lnf/.env',
    '/lnf/%E0%A4%A',
    `/lnf/${'a'.repeat(300)}`,
  ])('refuses %s', (path) => {
    expect(lnfTarget(path).kind).toBe('invalid')
  })
})
