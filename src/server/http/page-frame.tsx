/**
 * The frame of the few pages the server writes itself (the trial confirmation link, the
 * waitlist join, the reminder stop and their errors): the site's logo, palette, type and footer,
 * so a page opened from an e-mail looks like the site it came from, not like phishing
 * (docs/product.md). Self-contained: one small stylesheet in the page (the site's tokens from
 * src/web/styles.css, written out), no script, no request but the page itself, so it works
 * from any mail client and without the built site. React escapes every text and attribute.
 */
import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { routes } from '#src/common/paths.ts'
import { DEMO_SETTINGS_NOTICE } from '#src/common/site/demo-notice.ts'
import { placeholderSettings, type PublicSettings } from '#src/common/site/settings.ts'

/** The site's palette and type (src/web/styles.css), for this page alone. */
const STYLE = `
*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;min-height:100vh;display:flex;flex-direction:column;background:#f5f7fa;color:#222e3f;
font:16px/1.6 system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,'Noto Sans',sans-serif;
-webkit-font-smoothing:antialiased}
a{color:#1f4a80;text-underline-offset:3px}
:focus-visible{outline:3px solid #4fb89c;outline-offset:2px}
.notice{display:flex;gap:.5rem;align-items:center;justify-content:center;padding:.3rem 1rem;
background:#07142a;color:#d3dce7;font-size:.75rem;line-height:1.3;text-align:center;border-bottom:1px solid #10294b}
.notice strong{color:#fff}
.bar{background:#fff;border-bottom:1px solid #e8edf3;box-shadow:0 1px 2px rgb(16 41 75/.04)}
.row{max-width:72rem;margin:0 auto;padding:0 1rem;height:4rem;display:flex;align-items:center;justify-content:space-between;gap:1rem}
.brand{display:flex;align-items:center;gap:.625rem;min-height:2.75rem;text-decoration:none;color:#0b1f3a;
font-size:1.125rem;font-weight:600;letter-spacing:-.01em}
.back{font-size:.875rem;font-weight:500;color:#354357;text-decoration:none;padding:.5rem .75rem;border-radius:.5rem}
.back:hover{background:#f5f7fa;color:#0b1f3a}
main{flex:1;display:flex;align-items:flex-start;justify-content:center;padding:3rem 1rem 4rem}
.card{width:100%;max-width:36rem;background:#fff;border:1px solid #e8edf3;border-radius:1rem;
box-shadow:0 1px 3px rgb(16 41 75/.06),0 12px 32px -12px rgb(16 41 75/.18);padding:2rem 1.5rem}
.eyebrow{margin:0;color:#0f7a63;font-size:.75rem;font-weight:600;letter-spacing:.08em;text-transform:uppercase}
h1{margin:.5rem 0 0;color:#0b1f3a;font-size:1.625rem;line-height:1.25;letter-spacing:-.015em}
.body p{margin:1rem 0 0;color:#46566c}
form{margin:1.75rem 0 0}
.button{display:inline-flex;align-items:center;justify-content:center;min-height:3rem;width:100%;padding:0 1.5rem;
border:0;border-radius:.625rem;background:#10294b;color:#fff;font:inherit;font-weight:600;cursor:pointer;
box-shadow:0 1px 2px rgb(16 41 75/.2);text-decoration:none}
.button:hover{background:#173a66}
.help{margin:1.5rem 0 0;padding-top:1.25rem;border-top:1px solid #e8edf3;font-size:.875rem;color:#5a6b82}
footer{background:#07142a;color:#a9b8ca;font-size:.8125rem}
footer .row{height:auto;padding-top:1.5rem;padding-bottom:1.5rem;flex-wrap:wrap}
footer a{color:#d3dce7}
footer nav{display:flex;flex-wrap:wrap;gap:.25rem 1.25rem}
footer p{margin:0}
@media (min-width:640px){.card{padding:2.5rem 2.75rem}main{padding-top:4.5rem}.row{padding:0 1.5rem}
.button{width:auto}}
`

/** The brand mark of src/web/components/logo.tsx. */
function LogoMark() {
  return (
    <svg viewBox="0 0 32 32" width="36" height="36" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#10294b" />
      <rect x="7" y="17" width="4" height="8" rx="1" fill="#7fcdb8" />
      <rect x="14" y="12" width="4" height="13" rx="1" fill="#4fb89c" />
      <rect x="21" y="7" width="4" height="18" rx="1" fill="#ffffff" />
    </svg>
  )
}

export interface FramedPage {
  /** The short line above the heading ("Free trial", "Trial reminders"). */
  eyebrow: string
  title: string
  /** Paragraphs of plain text. */
  paragraphs: string[]
  /** One button that posts a token back (a link's GET never acts: mail scanners follow links). */
  form?: { action: string; token?: string; button: string }
}

/** A page of the site's look, as a whole HTML document. */
export function framedPage(settings: PublicSettings, page: FramedPage): string {
  const demo = placeholderSettings(settings).length > 0
  const year = new Date().getUTCFullYear()
  const tree: ReactNode = (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <meta name="theme-color" content="#10294b" />
        <title>{`${page.title} · ${settings.brandName}`}</title>
        <style>{STYLE}</style>
      </head>
      <body>
        {demo ? (
          <aside className="notice" aria-label={DEMO_SETTINGS_NOTICE.label}>
            <p style={{ margin: 0 }}>
              <strong>{DEMO_SETTINGS_NOTICE.label}:</strong> {DEMO_SETTINGS_NOTICE.text}
            </p>
          </aside>
        ) : null}
        <header className="bar">
          <div className="row">
            <a className="brand" href={routes.home}>
              <LogoMark />
              <span>{settings.brandName}</span>
            </a>
            <a className="back" href={routes.home}>
              Back to the site
            </a>
          </div>
        </header>
        <main id="main">
          <section className="card" aria-labelledby="page-title">
            <p className="eyebrow">{page.eyebrow}</p>
            <h1 id="page-title">{page.title}</h1>
            <div className="body">
              {page.paragraphs.map((text) => (
                <p key={text}>{text}</p>
              ))}
            </div>
            {page.form ? (
              <form method="post" action={page.form.action}>
                {page.form.token ? (
                  <input type="hidden" name="token" value={page.form.token} />
                ) : null}
                <button className="button" type="submit">
                  {page.form.button}
                </button>
              </form>
            ) : null}
            <p className="help">
              Questions? Write to{' '}
              <a href={`mailto:${settings.supportEmail}`}>{settings.supportEmail}</a>.
            </p>
          </section>
        </main>
        <footer>
          <div className="row">
            <p>{`© ${year} ${settings.brandName}. All rights reserved.`}</p>
            <nav aria-label="Legal">
              <a href={routes.about}>About us</a>
              <a href={routes.terms}>Terms &amp; Conditions</a>
              <a href={routes.privacyPolicy}>Privacy Policy</a>
            </nav>
          </div>
        </footer>
      </body>
    </html>
  )
  return `<!doctype html>${renderToStaticMarkup(tree)}`
}
