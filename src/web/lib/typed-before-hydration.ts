/**
 * What a visitor typed into a text field before the page's code ran. The server's markup takes
 * keys at once; hydration leaves the typed text in the box but not in the state the page shows
 * (React reads no input's value when it hydrates), so the box said one thing and the plan
 * another (docs/product.md, "Pacing Lab"). Once hydrated, the field hands what it holds to its
 * own change handler, as if typed now; a field whose box holds its value does nothing.
 */
import { useEffect, useRef } from 'react'

export function useTypedBeforeHydration(value: string, onText: (text: string) => void) {
  const ref = useRef<HTMLInputElement>(null)
  useEffect(() => {
    const typed = ref.current?.value
    if (typed !== undefined && typed !== value) onText(typed)
    // Once, when the field is hydrated: later edits arrive through its onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  return ref
}
