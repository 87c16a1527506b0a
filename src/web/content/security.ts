/**
 * /security copy: the facts a buyer's IT team asks for before the model goes on a workstation
 *: code signing, offline use, where data lives, requirements, uninstall and the
 * license deactivation that a refund needs (docs/product.md).
 */
import { settings } from '../settings.ts'

const brand = settings.brandName
const publisher = settings.company.legalName
/** "… s.r.o." already ends the sentence; anything else gets its full stop. */
const sentenceEnd = (text: string) => (text.endsWith('.') ? text : `${text}.`)

export const SECURITY_COPY = {
  eyebrow: 'Security & installation',
  heading: 'Built to pass your IT review',
  intro: `Everything your IT or operations team needs to approve ${brand} on a workstation: who signs the installer, what it connects to, where your data lives and how to remove it.`,
  facts: [
    {
      title: 'Signed installer',
      text: `The .exe carries an Authenticode signature issued to ${sentenceEnd(publisher)}`,
    },
    {
      title: 'Runs offline',
      text: 'After a one-time activation the model needs no internet connection.',
    },
    {
      title: 'Data stays on your machine',
      text: 'Portfolio data is never uploaded. No telemetry, no cloud sync.',
    },
    {
      title: 'Windows + Excel 365',
      text: 'Runs in your own desktop Excel, with your own security settings.',
    },
  ],
  sections: {
    signing: {
      heading: 'Code signing',
      paragraphs: [
        `Each model ships as one Windows installer (.exe) that wraps the Excel workbook. The installer is code-signed with an Authenticode certificate issued to ${publisher}, and timestamped, so the signature stays valid after the certificate renews.`,
        `Windows shows “${publisher}” as the verified publisher before anything runs. Do not run a file that shows an unknown publisher or no signature; write to us instead.`,
      ],
      verifyHeading: 'Verify a download',
      verify: [
        'Right-click the .exe, choose Properties, then the Digital Signatures tab: the signer is the company named above, and the signature is OK.',
        'Or, in PowerShell:',
      ],
      command: `Get-AuthenticodeSignature .\\${brand.replace(/\s+/g, '-')}-Advanced.exe | Format-List`,
      checksums: 'SHA-256 checksums of every release are available from support on request.',
      /** Shown when SITE_SIGNING_CERT_THUMBPRINT is set. */
      thumbprint: 'Signing certificate thumbprint (SHA-1)',
      /** Shown when SITE_INSTALLER_SHA256_* or the thumbprint are set. */
      sha256Heading: 'Checksums and signing certificate',
      sha256Intro:
        'Compare these with the file you downloaded before you run it. In PowerShell: Get-FileHash .\\file.exe -Algorithm SHA256',
      sha256Label: (model: string) => `${model} model installer`,
    },
    formulas: {
      heading: 'Your formulas stay visible',
      paragraphs: [
        'The .exe is a wrapper: it checks the license and opens the Excel workbook inside it in your own desktop Excel. Nothing is computed outside Excel and nothing is compiled or hidden.',
        'Every forecast is an ordinary Excel formula in the workbook. Select a cell on the Projected sheet or a fund tab and the formula bar shows how it is calculated; Formulas › Show Formulas (Ctrl+`) shows every formula on a sheet at once. Blue cells are inputs; black cells are formulas.',
        'The method behind them is published in full on our methodology page, with the same formulas.',
      ],
      methodologyLink: 'Read the methodology',
    },
    offline: {
      heading: 'Offline use',
      paragraphs: [
        'The model needs the internet once: to activate your license key. After that it runs entirely offline, on a plane or on a network without internet access. It makes no network calls while you work and checks for no updates on its own.',
        'Deactivation, which you need to move to a new machine or for a refund, connects once more.',
      ],
    },
    data: {
      heading: 'Where your data lives',
      paragraphs: [
        'Portfolio data never leaves your machine. Commitments, capital calls, distributions, NAVs and assumptions stay in the workbook on your computer, or wherever you save it: your file server, SharePoint or OneDrive, under your own access controls and backups.',
        'Activation sends only the license key and an anonymous machine identifier (a hash, no user or computer names). No portfolio figures, file names or usage data are ever sent. There is no telemetry and no analytics inside the model.',
        'What we hold about you is what you gave us on this website: name, e-mail and, for an invoice, your company. The privacy policy says how long we keep it.',
      ],
    },
    requirements: {
      heading: 'System requirements',
      rows: [
        ['Operating system', 'Windows 10 or Windows 11, 64-bit'],
        ['Excel', 'Microsoft Excel for Microsoft 365, desktop app (64-bit recommended)'],
        ['Not supported', 'Excel for Mac, Excel on the web, Excel 2016/2019/2021 perpetual'],
        ['Memory', '8 GB RAM; 16 GB for large Advanced portfolios'],
        ['Disk', 'About 100 MB'],
        ['Network', 'Internet once, for activation and deactivation'],
        ['License', 'One machine per license, non-transferable'],
      ] as Array<[string, string]>,
    },
    uninstall: {
      heading: 'Uninstall, deactivation and refunds',
      intro:
        'A license covers one machine. Deactivate it before you uninstall, so it can be activated again and, within 30 days of purchase, refunded.',
      steps: [
        {
          title: 'Keep your data',
          text: 'Save a copy of your workbook if you want to keep your inputs. Uninstalling removes the program, not files you saved elsewhere.',
        },
        {
          title: 'Deactivate the license',
          text: 'Open the model, go to the License sheet and choose Deactivate. The model confirms and produces a deactivation certificate: a short code, also saved as a text file next to the workbook.',
        },
        {
          title: 'Uninstall',
          text: `Windows Settings › Apps › Installed apps › ${brand} › Uninstall. Nothing is left running and no service stays behind.`,
        },
        {
          title: 'Ask for a refund (within 30 days)',
          text: 'Send the deactivation certificate and your order or invoice number to support. We refund to the original payment method, normally within 14 days of receiving the certificate.',
        },
      ],
    },
  },
  contactHeading: 'Questions from your IT team?',
  contactText:
    'We answer security questionnaires and vendor-onboarding forms, and can send our company documents on request.',
  contact: 'Write to',
  onThisPage: 'On this page',
} as const
