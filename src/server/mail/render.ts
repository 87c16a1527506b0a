/**
 * One React tree, two parts: the HTML part is the tree rendered by react-dom/server
 * (synchronously: renderToStaticMarkup) inside a fixed document shell, the text part is the same
 * tree walked by text-render.ts. No e-mail library: docs/decisions/0010 says why and what it costs.
 *
 * The shell is constant markup and the escaped title: what mail clients need outside the body
 * (Outlook's pixel density, iOS's reformatting, the light colour scheme), a few media rules for
 * phones, and a 600 px table that only Outlook sees (its Word engine ignores max-width).
 */
import type { ReactElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { MAIL_COLORS } from './components.tsx'
import { renderText } from './text-render.ts'

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}

const HEAD = `<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="x-apple-disable-message-reformatting">
<meta name="format-detection" content="telephone=no,date=no,address=no,email=no,url=no">
<meta name="color-scheme" content="light">
<meta name="supported-color-schemes" content="light">
<!--[if mso]><noscript><xml><o:OfficeDocumentSettings><o:PixelsPerInch>96</o:PixelsPerInch></o:OfficeDocumentSettings></xml></noscript><![endif]-->
<style>
:root{color-scheme:light}
body{margin:0;padding:0;width:100%!important;-webkit-text-size-adjust:100%;-ms-text-size-adjust:100%}
a[x-apple-data-detectors]{color:inherit!important;text-decoration:none!important}
@media only screen and (min-width:481px){
.pp-outer{padding:32px 16px!important}
.pp-card{padding:32px 32px 16px!important}
.pp-key-lg{font-size:18px!important}
}
@media only screen and (max-width:480px){
.pp-card{padding:24px 16px 8px!important}
.pp-panel{padding:4px 14px!important}
.pp-button,.pp-button td,.pp-button a{width:100%!important;box-sizing:border-box}
}
</style>`

function documentShell(title: string, body: string): string {
  return `<!doctype html>
<html lang="en" xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office">
<head>
${HEAD}
<title>${escapeHtml(title)}</title>
</head>
<body style="margin:0;padding:0;background:${MAIL_COLORS.page}">
<table role="presentation" width="100%" border="0" cellpadding="0" cellspacing="0" bgcolor="${MAIL_COLORS.page}" style="background:${MAIL_COLORS.page}"><tr><td class="pp-outer" align="center" style="padding:24px 8px">
<!--[if mso]><table role="presentation" width="600" align="center" border="0" cellpadding="0" cellspacing="0"><tr><td><![endif]-->
${body}
<!--[if mso]></td></tr></table><![endif]-->
</td></tr></table>
</body>
</html>
`
}

/** The HTML and text parts of one e-mail, from one tree. */
export function renderParts(tree: ReactElement, title: string): { html: string; text: string } {
  return { html: documentShell(title, renderToStaticMarkup(tree)), text: renderText(tree) }
}
