/** Eyebrow, heading and intro at the top of a landing section. */
import { cn } from '../lib/cn.ts'

interface Props {
  id: string
  eyebrow: string
  heading: string
  intro?: string
  align?: 'center' | 'left'
  tone?: 'light' | 'dark'
}

export function SectionHeading({
  id,
  eyebrow,
  heading,
  intro,
  align = 'center',
  tone = 'light',
}: Props) {
  return (
    <div className={cn('max-w-3xl', align === 'center' && 'mx-auto text-center')}>
      <p
        className={cn(
          'text-sm font-semibold tracking-wider uppercase',
          tone === 'dark' ? 'text-accent-300' : 'text-accent-700',
        )}
      >
        {eyebrow}
      </p>
      <h2
        id={id}
        className={cn(
          'mt-3 text-3xl font-semibold tracking-tight text-balance sm:text-4xl',
          tone === 'dark' ? 'text-white' : 'text-brand-900',
        )}
      >
        {heading}
      </h2>
      {intro ? (
        <p
          className={cn(
            'mt-4 text-lg leading-relaxed',
            tone === 'dark' ? 'text-ink-200' : 'text-ink-600',
          )}
        >
          {intro}
        </p>
      ) : null}
    </div>
  )
}
