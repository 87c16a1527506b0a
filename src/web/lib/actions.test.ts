import { describe, expect, it, vi } from 'vitest'
import { runAction, type ActionHandlers } from './actions.ts'

function element(attributes: Record<string, string>): Element {
  return { getAttribute: (name: string) => attributes[name] ?? null } as unknown as Element
}

function handlers(): ActionHandlers {
  return {
    openVideo: vi.fn(),
    openGallery: vi.fn(),
    openBooking: vi.fn(),
    openChat: vi.fn(),
    openLegal: vi.fn(),
    openCookieSettings: vi.fn(),
    selectModel: vi.fn(),
    buy: vi.fn(),
  }
}

describe('the buy action', () => {
  it('buys the model its control names', () => {
    const h = handlers()
    expect(runAction(element({ 'data-action': 'buy', 'data-action-value': 'basic' }), h)).toBe(true)
    expect(h.buy).toHaveBeenCalledWith('basic')
  })

  it('ignores a control without a valid model, so its link (if any) is followed', () => {
    const h = handlers()
    expect(runAction(element({ 'data-action': 'buy', 'data-action-value': 'premium' }), h)).toBe(
      false,
    )
    expect(runAction(element({ 'data-action': 'buy' }), h)).toBe(false)
    expect(h.buy).not.toHaveBeenCalled()
  })
})
