/**
 * The dialog primitive every dialog uses: Radix Dialog (focus trap, focus return, Escape,
 * aria-modal) with our look. Content is at most 4xl wide (docs/product.md, "Look and feel").
 */
import { X } from 'lucide-react'
import { Dialog as RadixDialog } from 'radix-ui'
import { useLayoutEffect, useRef, type ReactNode } from 'react'
import { cn } from '../../lib/cn.ts'

interface DialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: ReactNode
  /** Read by screen readers; visually hidden unless showDescription. */
  description?: ReactNode
  showDescription?: boolean
  children: ReactNode
  className?: string
  closeLabel?: string
  /** Called on Escape before the dialog closes; call event.preventDefault() to keep it open. */
  onEscapeKeyDown?: (event: KeyboardEvent) => void
  /** Nearly the whole screen instead of at most 4xl: the gallery's full-size view. */
  wide?: boolean
}

export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  showDescription = false,
  children,
  className,
  closeLabel = 'Close',
  onEscapeKeyDown,
  wide = false,
}: DialogProps) {
  // Radix returns focus to its Trigger; our dialogs open from many places (and lazily), so we
  // remember what had focus when the dialog opened and return there.
  const returnTo = useRef<HTMLElement | null>(null)
  useLayoutEffect(() => {
    if (open && document.activeElement instanceof HTMLElement)
      returnTo.current = document.activeElement
  }, [open])
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="animate-fade-in fixed inset-0 z-50 bg-brand-950/60 backdrop-blur-[2px]" />
        <RadixDialog.Content
          onEscapeKeyDown={onEscapeKeyDown}
          onCloseAutoFocus={(event) => {
            const target = returnTo.current
            if (target?.isConnected) {
              event.preventDefault()
              target.focus()
            }
          }}
          {...(description ? {} : { 'aria-describedby': undefined })}
          className={cn(
            'animate-dialog-in fixed top-1/2 left-1/2 z-50 -translate-x-1/2 -translate-y-1/2 overflow-y-auto bg-white shadow-2xl',
            wide
              ? 'max-h-[calc(100dvh-1rem)] w-[calc(100vw-1rem)] rounded-xl p-2 sm:p-5'
              : 'max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-4xl rounded-2xl p-5 sm:p-8',
            className,
          )}
        >
          <div className={cn('flex items-start justify-between gap-4', wide ? 'mb-2' : 'mb-4')}>
            <div>
              <RadixDialog.Title className="text-xl font-semibold text-brand-900 sm:text-2xl">
                {title}
              </RadixDialog.Title>
              {description ? (
                <RadixDialog.Description
                  className={showDescription ? 'mt-1 text-sm text-ink-600' : 'sr-only'}
                >
                  {description}
                </RadixDialog.Description>
              ) : null}
            </div>
            <RadixDialog.Close
              className="-mt-1 -mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-ink-500 hover:bg-ink-100 hover:text-ink-800"
              aria-label={closeLabel}
            >
              <X aria-hidden="true" className="size-5" />
            </RadixDialog.Close>
          </div>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  )
}
