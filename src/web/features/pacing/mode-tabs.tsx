/**
 * The lab's two modes as an ARIA tab list (roving focus, arrow keys, Home/End). Written here rather
 * than taken from Radix Tabs: the lab's JavaScript budget is 110 KB (docs/architecture.md,
 * "Budgets") and Radix Tabs with its collection and presence helpers cost about 9 KB of it.
 */
import { useRef, type KeyboardEvent, type ReactNode } from 'react'

interface TabItem<T extends string> {
  value: T
  label: string
}

interface Props<T extends string> {
  label: string
  items: readonly TabItem<T>[]
  value: T
  onChange: (value: T) => void
  className?: string
  tabClassName: (selected: boolean) => string
}

const tabId = (value: string) => `lab-tab-${value}`
const panelId = (value: string) => `lab-panel-${value}`

export function ModeTabs<T extends string>({
  label,
  items,
  value,
  onChange,
  className,
  tabClassName,
}: Props<T>) {
  const list = useRef<HTMLDivElement>(null)
  const onKeyDown = (event: KeyboardEvent) => {
    const index = items.findIndex((i) => i.value === value)
    const last = items.length - 1
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : -1
    const item = items[next]
    if (!item) return
    event.preventDefault()
    onChange(item.value)
    list.current?.querySelector<HTMLElement>(`#${tabId(item.value)}`)?.focus()
  }
  return (
    <div ref={list} role="tablist" aria-label={label} className={className}>
      {items.map((item) => {
        const selected = item.value === value
        return (
          <button
            key={item.value}
            type="button"
            role="tab"
            id={tabId(item.value)}
            aria-selected={selected}
            aria-controls={panelId(item.value)}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(item.value)}
            onKeyDown={onKeyDown}
            className={tabClassName(selected)}
          >
            {item.label}
          </button>
        )
      })}
    </div>
  )
}

export function TabPanel({
  value,
  selected,
  children,
}: {
  value: string
  selected: boolean
  children: ReactNode
}) {
  if (!selected) return null
  return (
    <div role="tabpanel" id={panelId(value)} aria-labelledby={tabId(value)} className="mt-6">
      {children}
    </div>
  )
}
