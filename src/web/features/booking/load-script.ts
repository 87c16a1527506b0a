/** Loads a third-party script once; a failed load may be tried again on the next call. */
const pending = new Map<string, Promise<void>>()

export function loadScript(src: string): Promise<void> {
  let promise = pending.get(src)
  if (!promise) {
    promise = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script')
      script.src = src
      script.async = true
      script.onload = () => resolve()
      script.onerror = () => {
        script.remove()
        pending.delete(src)
        reject(new Error(`Script failed to load: ${src}`))
      }
      document.head.appendChild(script)
    })
    pending.set(src, promise)
  }
  return promise
}
