/**
 * /lnf/:filename: an uploaded image, full page, with a way to the product (docs/product.md,
 * "Routes and screens"). One pre-rendered shell for every name; the name is read in the browser
 * after hydration. No name goes home; an unusable name or a failed load shows 'Image not found'.
 */
import { DemoSettingsNotice } from '../../components/demo-settings-notice.tsx'
import { ArrowRight, ImageOff } from 'lucide-react'
import { useEffect, useState } from 'react'
import { routes } from '#src/common/paths.ts'
import { LogoMark } from '../../components/logo.tsx'
import { buttonClasses } from '../../components/ui/button.tsx'
import { settings } from '../../settings.ts'
import { lnfTarget, type LnfTarget } from './lnf-filename.ts'
import { LNF_COPY } from '../../content/lnf.ts'

export function LnfPage() {
  const [target, setTarget] = useState<LnfTarget | null>(null)
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    const next = lnfTarget(window.location.pathname)
    if (next.kind === 'none') {
      window.location.replace(routes.home)
      return
    }
    setTarget(next)
  }, [])

  const missing = failed || target?.kind === 'invalid'

  return (
    <div className="flex min-h-dvh flex-col bg-brand-950 text-white">
      <DemoSettingsNotice />
      <header className="flex items-center justify-between gap-3 border-b border-white/10 px-4 py-3 sm:px-6">
        {/* Below 360 px the button alone, whole and on one line: it goes home too. */}
        <a
          href={routes.home}
          className="flex min-h-11 shrink-0 items-center gap-2.5 max-[359px]:hidden"
        >
          <LogoMark />
          <span className="text-lg font-semibold max-sm:sr-only">{settings.brandName}</span>
        </a>
        <a
          href={routes.home}
          className={buttonClasses(
            'accent',
            'md',
            'px-3 whitespace-nowrap max-[359px]:w-full sm:px-5',
          )}
        >
          {LNF_COPY.learnMore}
          <ArrowRight aria-hidden="true" className="size-4" />
        </a>
      </header>
      <main id="main" className="flex flex-1 items-center justify-center p-4 sm:p-8">
        {missing ? (
          <div role="alert" className="flex flex-col items-center gap-3 text-center">
            <ImageOff aria-hidden="true" className="size-10 text-ink-300" />
            <h1 className="text-2xl font-semibold">{LNF_COPY.notFound}</h1>
            <p className="text-ink-300">{LNF_COPY.notFoundText}</p>
          </div>
        ) : target?.kind === 'file' ? (
          <>
            <h1 className="sr-only">{target.filename}</h1>
            <img
              src={target.src}
              alt={LNF_COPY.alt(target.filename)}
              onError={() => setFailed(true)}
              className="max-h-[calc(100dvh-8rem)] w-auto max-w-full rounded-lg object-contain shadow-2xl ring-1 ring-white/10"
            />
          </>
        ) : null}
      </main>
    </div>
  )
}
