/** The brand mark: three rising bars on a navy tile, the pacing curve in miniature. */
export function LogoMark({ className = 'size-9' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#10294b" />
      <rect x="7" y="17" width="4" height="8" rx="1" fill="#7fcdb8" />
      <rect x="14" y="12" width="4" height="13" rx="1" fill="#4fb89c" />
      <rect x="21" y="7" width="4" height="18" rx="1" fill="#ffffff" />
    </svg>
  )
}
