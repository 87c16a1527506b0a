import { useCallback, useState } from 'react'

/** Open state of one dialog or menu (a small hook, not global state). */
export function useDisclosure(initial = false) {
  const [isOpen, setOpen] = useState(initial)
  const open = useCallback(() => setOpen(true), [])
  const close = useCallback(() => setOpen(false), [])
  const toggle = useCallback(() => setOpen((value) => !value), [])
  return { isOpen, open, close, toggle, setOpen }
}
