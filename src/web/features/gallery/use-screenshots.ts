/**
 * Both galleries' lists, fetched once when the dialog code first mounts (docs/product.md,
 * "Routes and screens").
 */
import { useEffect, useState } from 'react'
import { loadAllScreenshots, type ScreenshotLists } from './screenshots.ts'

export function useScreenshots(): ScreenshotLists | null {
  // Both lists start empty (null: not loaded yet) and are filled after loading (docs/product.md,
  // "Routes and screens").
  const [lists, setLists] = useState<ScreenshotLists | null>(null)
  useEffect(() => {
    let active = true
    void loadAllScreenshots().then((loaded) => {
      if (active) setLists(loaded)
    })
    return () => {
      active = false
    }
  }, [])
  return lists
}
