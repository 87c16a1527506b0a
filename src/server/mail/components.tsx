/**
 * The building blocks of our e-mails, written for mail clients rather than browsers: tables
 * for layout, inline styles, a "bulletproof" button (a table cell with a background colour,
 * which Outlook's Word engine draws as well as a browser does), an activation key that never
 * wraps, and a logo that is a hosted PNG with the brand name written beside it, so the mail
 * reads the same with images blocked.
 *
 * Each block is a plain function of its props (text-render.ts walks the same tree for the text
 * part). React escapes every text and attribute; links go through safeHref, so only http(s)
 * and mailto addresses are ever written into an href.
 */
import { Fragment, type CSSProperties, type ReactNode } from 'react'
import { mailAssets } from '#src/common/paths.ts'
import { COMMON_COPY } from './copy.ts'
import { HtmlOnly } from './text-render.ts'

/** The site's palette (src/web/styles.css: ink and brand), written out for mail clients. */
export const MAIL_COLORS = {
  text: '#222e3f',
  muted: '#46566c',
  faint: '#5a6b82',
  page: '#f3f5f8',
  card: '#ffffff',
  line: '#d3dce7',
  brand: '#10294b',
  link: '#1f4a80',
  keyBackground: '#eef3fa',
  panel: '#f5f7fa',
} as const

const FONT = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif"
const MONO = "ui-monospace,SFMono-Regular,Menlo,Consolas,'Liberation Mono','Courier New',monospace"

/** Attributes mail clients still read that React's types leave out (bgcolor, nowrap). */
function legacy(attributes: Record<string, string>): object {
  return attributes
}

/** Outlook's own properties (mso-*), which React writes like any other style. */
function mso(properties: Record<string, string>): CSSProperties {
  return properties as CSSProperties
}

/** Words with elements inside them (copy.ts), as children without list keys to invent. */
function Words({ parts }: { parts: ReactNode[] }) {
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>{part}</Fragment>
      ))}
    </>
  )
}

/** Shown at 40 px; the PNG has twice the pixels for sharp screens (scripts/images.ts). */
const LOGO_SIZE = 40

/** An address we may link to: http(s) or mailto, nothing else (no javascript:, no data:). */
function safeHref(url: string): string | null {
  return /^(https?:\/\/|mailto:)/i.test(url) ? url : null
}

/**
 * A table for layout, as every e-mail client lays out: no role for screen readers, no border,
 * padding or spacing of its own; full width unless told otherwise.
 */
function LayoutTable({
  fullWidth = true,
  className,
  bgcolor,
  style,
  children,
}: {
  fullWidth?: boolean
  className?: string
  bgcolor?: string
  style?: CSSProperties
  children: ReactNode
}) {
  return (
    <table
      role="presentation"
      width={fullWidth ? '100%' : undefined}
      border={0}
      cellPadding={0}
      cellSpacing={0}
      {...(bgcolor ? { bgcolor } : {})}
      className={className}
      style={style}
    >
      <tbody>{children}</tbody>
    </table>
  )
}

export function Link({ href, children }: { href: string; children: ReactNode }) {
  const safe = safeHref(href)
  if (!safe) return <>{children}</>
  return (
    <a href={safe} style={{ color: MAIL_COLORS.link, textDecoration: 'underline' }}>
      {children}
    </a>
  )
}

export function Paragraph({
  children,
  tone = 'normal',
  style,
}: {
  children: ReactNode
  tone?: 'normal' | 'muted' | 'small'
  style?: CSSProperties
}) {
  const small = tone === 'small'
  return (
    <p
      style={{
        margin: '0 0 16px',
        fontSize: small ? 14 : 16,
        lineHeight: small ? '20px' : '24px',
        color: tone === 'normal' ? MAIL_COLORS.text : MAIL_COLORS.muted,
        // An order reference or a product id is one long word (a Stripe session id is 66
        // characters): it breaks where it must rather than push a phone's screen wide.
        wordBreak: 'break-word',
        overflowWrap: 'anywhere',
        ...style,
      }}
    >
      {children}
    </p>
  )
}

export function Heading({ children, style }: { children: ReactNode; style?: CSSProperties }) {
  return (
    <h2
      style={{
        margin: '28px 0 8px',
        fontSize: 17,
        lineHeight: '24px',
        fontWeight: 600,
        color: MAIL_COLORS.brand,
        ...style,
      }}
    >
      {children}
    </h2>
  )
}

/**
 * A button that Outlook draws too: the colour is on the table cell (bgcolor), the padding on the
 * link for every other client and as mso-padding-alt for Outlook. The label may wrap on a
 * narrow screen rather than push the page wide. Without a safe address it is plain text.
 */
export function Button({
  href,
  children,
  variant = 'primary',
}: {
  href: string
  children: ReactNode
  variant?: 'primary' | 'secondary'
}) {
  const safe = safeHref(href)
  if (!safe) return <Paragraph>{children}</Paragraph>
  const primary = variant === 'primary'
  const background = primary ? MAIL_COLORS.brand : MAIL_COLORS.card
  const color = primary ? '#ffffff' : MAIL_COLORS.brand
  return (
    <LayoutTable
      fullWidth={false}
      className="pp-button"
      style={{ margin: '4px 0 16px', borderCollapse: 'separate' }}
    >
      <tr>
        <td
          align="center"
          {...legacy({ bgcolor: background })}
          style={{
            borderRadius: 6,
            background,
            border: `1px solid ${MAIL_COLORS.brand}`,
            ...mso({ msoPaddingAlt: '12px 22px' }),
          }}
        >
          <a
            href={safe}
            target="_blank"
            rel="noopener"
            style={{
              display: 'inline-block',
              padding: '12px 22px',
              fontFamily: FONT,
              fontSize: 16,
              lineHeight: '22px',
              fontWeight: 600,
              color,
              textAlign: 'center',
              textDecoration: 'none',
              borderRadius: 6,
            }}
          >
            {children}
          </a>
        </td>
      </tr>
    </LayoutTable>
  )
}

/**
 * Width the key must fit on a 320 px phone: the screen less the page, card and key-box margins
 * as drawn without the phone media rules (a client may ignore them): 320 - 16 - 2 - 48 - 18.
 */
const KEY_WIDTH_PX = 232
/** A monospace character is 0.6 em wide in the common faces (Menlo, Consolas, Courier New). */
const MONO_EM = 0.61
/** From 481 px (the media rule .pp-key-lg in render.ts) a key this short shows at 18 px. */
const LARGE_KEY_MAX_CHARS = 32

/** The largest font size (12-20 px) at which the key fits on one line of a 320 px phone. */
export function keyFontSize(key: string): number {
  const fit = Math.floor(KEY_WIDTH_PX / (Math.max(1, key.length) * MONO_EM))
  return Math.max(12, Math.min(20, fit))
}

/** The activation key: monospace, never wrapped, one tap selects it all. */
export function KeyBlock({ activationKey }: { activationKey: string }) {
  const fontSize = keyFontSize(activationKey)
  return (
    <LayoutTable style={{ margin: '0 0 12px', borderCollapse: 'separate' }}>
      <tr>
        <td
          align="center"
          {...legacy({ bgcolor: MAIL_COLORS.keyBackground, nowrap: 'nowrap' })}
          style={{
            padding: '14px 8px',
            background: MAIL_COLORS.keyBackground,
            border: `1px solid ${MAIL_COLORS.line}`,
            borderRadius: 6,
          }}
        >
          <div style={{ overflowX: 'auto' }}>
            <span
              className={
                activationKey.length <= LARGE_KEY_MAX_CHARS ? 'pp-key pp-key-lg' : 'pp-key'
              }
              style={{
                fontFamily: MONO,
                fontSize,
                lineHeight: '28px',
                fontWeight: 600,
                whiteSpace: 'nowrap',
                color: MAIL_COLORS.brand,
                WebkitUserSelect: 'all',
                userSelect: 'all',
              }}
            >
              {activationKey}
            </span>
          </div>
        </td>
      </tr>
    </LayoutTable>
  )
}

export function LinkList({ items }: { items: { key: string; content: ReactNode }[] }) {
  return (
    <ul style={{ margin: '0 0 16px', padding: '0 0 0 20px', color: MAIL_COLORS.text }}>
      {items.map((item) => (
        <li key={item.key} style={{ margin: '0 0 6px', fontSize: 16, lineHeight: '24px' }}>
          {item.content}
        </li>
      ))}
    </ul>
  )
}

/** A tinted box (how to buy). */
export function Panel({ children }: { children: ReactNode }) {
  return (
    <LayoutTable style={{ margin: '24px 0', borderCollapse: 'separate' }}>
      <tr>
        <td
          {...legacy({ bgcolor: MAIL_COLORS.panel })}
          className="pp-panel"
          style={{
            padding: '4px 20px 4px',
            background: MAIL_COLORS.panel,
            border: `1px solid ${MAIL_COLORS.line}`,
            borderRadius: 8,
          }}
        >
          {children}
        </td>
      </tr>
    </LayoutTable>
  )
}

/** Name and value rows (the operator's invoice request). Values may be long: they wrap. */
export function Details({ rows }: { rows: [string, string][] }) {
  return (
    <LayoutTable style={{ margin: '0 0 16px', borderCollapse: 'collapse', tableLayout: 'fixed' }}>
      {rows.map(([name, value]) => (
        <tr key={name}>
          <th
            align="left"
            {...legacy({ valign: 'top', width: '30%' })}
            style={{
              padding: '6px 12px 6px 0',
              color: MAIL_COLORS.muted,
              fontWeight: 600,
              verticalAlign: 'top',
            }}
          >
            {name}
          </th>
          <td
            style={{
              padding: '6px 0',
              lineHeight: '22px',
              wordBreak: 'break-word',
              overflowWrap: 'anywhere',
            }}
          >
            {value}
          </td>
        </tr>
      ))}
    </LayoutTable>
  )
}

/**
 * A command for the operator to copy (`npm run admin -- …`): monospace on a tinted block, breaking
 * anywhere on a narrow screen rather than pushing it wide.
 */
export function Command({ children }: { children: string }) {
  return (
    <p
      style={{
        margin: '0 0 16px',
        padding: '10px 12px',
        background: MAIL_COLORS.keyBackground,
        border: `1px solid ${MAIL_COLORS.line}`,
        borderRadius: 6,
        fontFamily: MONO,
        fontSize: 13,
        lineHeight: '20px',
        color: MAIL_COLORS.text,
        wordBreak: 'break-word',
        overflowWrap: 'anywhere',
      }}
    >
      {children}
    </p>
  )
}

/** Text whose line breaks count (a buyer's message): each line kept, all of it escaped. */
export function Lines({ text }: { text: string }) {
  const lines = text.split(/\r?\n/)
  return (
    <p
      style={{
        margin: '0 0 16px',
        padding: '12px 16px',
        background: MAIL_COLORS.panel,
        borderRadius: 6,
        wordBreak: 'break-word',
        overflowWrap: 'anywhere',
      }}
    >
      {lines.map((line, i) => (
        <span key={i}>
          {i > 0 && <br />}
          {line}
        </span>
      ))}
    </p>
  )
}

interface LayoutProps {
  brand: string
  publicUrl: string
  /** The line inboxes show after the subject. */
  preview?: string
  /** The sender's company line; empty leaves it out. */
  company?: { legalName: string; address: string; country: string }
  children: ReactNode
}

/**
 * The frame of every e-mail: the preview line, the logo with the brand name beside it, the
 * white card, and the company and site address below. At most 600 px wide (the document shell
 * in render.ts holds Outlook to that with a fixed-width table of its own).
 */
export function Layout({ brand, publicUrl, preview, company, children }: LayoutProps) {
  const home = `${publicUrl}/`
  return (
    <div style={{ maxWidth: 600, margin: '0 auto', fontFamily: FONT, color: MAIL_COLORS.text }}>
      {preview && (
        <HtmlOnly>
          <div
            style={{
              display: 'none',
              maxHeight: 0,
              overflow: 'hidden',
              fontSize: 1,
              lineHeight: '1px',
              color: MAIL_COLORS.page,
              ...mso({ msoHide: 'all' }),
            }}
          >
            {preview}
            {'\u00a0\u200c'.repeat(60)}
          </div>
        </HtmlOnly>
      )}
      <LayoutTable style={{ margin: '0 0 16px' }}>
        <tr>
          <HtmlOnly>
            <td width={LOGO_SIZE} valign="middle" style={{ padding: '0 12px 0 4px' }}>
              <a href={safeHref(home) ?? undefined}>
                {/* fetchPriority: else React 19 writes a <link rel="preload"> for it. */}
                <img
                  fetchPriority="low"
                  src={`${publicUrl}${mailAssets.logo}`}
                  width={LOGO_SIZE}
                  height={LOGO_SIZE}
                  alt={COMMON_COPY.logoAlt(brand)}
                  style={{
                    display: 'block',
                    width: LOGO_SIZE,
                    height: LOGO_SIZE,
                    border: 0,
                    borderRadius: 8,
                    color: MAIL_COLORS.brand,
                    fontSize: 10,
                  }}
                />
              </a>
            </td>
          </HtmlOnly>
          <td
            valign="middle"
            style={{
              fontSize: 20,
              lineHeight: '28px',
              fontWeight: 700,
              color: MAIL_COLORS.brand,
              letterSpacing: '-0.2px',
            }}
          >
            {brand}
          </td>
        </tr>
      </LayoutTable>
      <LayoutTable
        bgcolor={MAIL_COLORS.card}
        style={{
          background: MAIL_COLORS.card,
          border: `1px solid #e8edf3`,
          borderRadius: 10,
          borderCollapse: 'separate',
        }}
      >
        <tr>
          <td className="pp-card" style={{ padding: '28px 24px 12px', fontSize: 16 }}>
            {children}
          </td>
        </tr>
      </LayoutTable>
      <p
        style={{
          margin: '16px 8px 0',
          fontSize: 12,
          lineHeight: '18px',
          color: MAIL_COLORS.faint,
          textAlign: 'center',
        }}
      >
        {company && COMMON_COPY.footer(company.legalName, company.address, company.country)}
        {company && <br />}
        <Link href={home}>{new URL(home).host}</Link>
      </p>
    </div>
  )
}

export function Greeting({ firstName }: { firstName?: string }) {
  return (
    <Paragraph>
      {firstName ? COMMON_COPY.greeting(firstName) : COMMON_COPY.greetingNoName}
    </Paragraph>
  )
}

export function Support({ email }: { email: string }) {
  return (
    <Paragraph>
      <Words parts={COMMON_COPY.support(<Link href={`mailto:${email}`}>{email}</Link>)} />
    </Paragraph>
  )
}

export function SignOff({ brand }: { brand: string }) {
  return <Paragraph>{COMMON_COPY.signOff(brand)}</Paragraph>
}
