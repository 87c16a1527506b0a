import type { ButtonHTMLAttributes } from 'react'
import { cn } from '../../lib/cn.ts'

type Variant = 'primary' | 'accent' | 'secondary' | 'ghost' | 'inverse'
type Size = 'md' | 'lg' | 'sm'

const VARIANTS: Record<Variant, string> = {
  primary: 'bg-brand-800 text-white shadow-sm hover:bg-brand-700 active:bg-brand-900',
  accent: 'bg-accent-600 text-white shadow-sm hover:bg-accent-700',
  secondary:
    'border border-ink-200 bg-white text-brand-900 shadow-sm hover:border-ink-300 hover:bg-ink-50',
  ghost: 'text-brand-800 hover:bg-ink-100',
  inverse: 'border border-white/30 bg-white/5 text-white hover:bg-white/15',
}

const SIZES: Record<Size, string> = {
  sm: 'min-h-11 px-3 text-sm',
  md: 'min-h-11 px-5 text-sm',
  lg: 'min-h-12 px-6 text-base',
}

/** Classes of a button, for links that look like buttons too. */
export function buttonClasses(variant: Variant = 'primary', size: Size = 'md', extra?: string) {
  return cn(
    // An icon keeps its size when the label wraps on a narrow screen.
    'inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors [&>svg]:shrink-0',
    'disabled:cursor-not-allowed disabled:opacity-60',
    VARIANTS[variant],
    SIZES[size],
    extra,
  )
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant
  size?: Size
}

export function Button({ variant, size, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClasses(variant, size, className)} {...props} />
}
