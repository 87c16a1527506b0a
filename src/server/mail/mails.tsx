/**
 * Each e-mail we send, as one React tree that gives both its HTML and its text part (render.ts).
 * The words come from copy.ts; the blocks from components.tsx. templates.ts checks an outbox
 * row's payload and calls the render function of its kind.
 */
import type { ReactElement, ReactNode } from 'react'
import { TRIAL_VALID_DAYS, type Model } from '#src/common/models.ts'
import { consoleRoutes, anchors, api, routes } from '#src/common/paths.ts'
import { buyTarget } from '#src/common/site/buying.ts'
import {
  Button,
  Command,
  Details,
  Greeting,
  Heading,
  KeyBlock,
  Layout,
  Lines,
  LinkList,
  Link,
  Panel,
  Paragraph,
  SignOff,
  Support,
} from './components.tsx'
import {
  ALERT_COPY,
  SALE_NOTICE_COPY,
  money,
  BREAKER_COPY,
  LOW_SUPPLY_COPY,
  CONFIRM_COPY,
  KEY_MAIL_COPY,
  ORDER_ALERT_COPY,
  ORDER_KEYS_COPY,
  ORDER_REFUNDED_COPY,
  ORDER_WAITING_COPY,
  PURCHASE_CONFIRMATION_COPY,
  PURCHASE_REQUEST_COPY,
  REMINDER_COPY,
  SIGN_IN_COPY,
  WAITLIST_JOINED_COPY,
  WAITLIST_NO_KEY_COPY,
  longDate,
} from './copy.ts'
import { renderParts } from './render.ts'
import type {
  AlertMailPayload,
  SaleNoticeMailPayload,
  BreakerMailPayload,
  LowSupplyMailPayload,
  ConfirmMailPayload,
  MailSettings,
  OperatorSignInMailPayload,
  OrderAlertMailPayload,
  OrderKeysMailPayload,
  OrderNoticeMailPayload,
  PurchaseConfirmationMailPayload,
  PurchaseRequestMailPayload,
  ReminderMailPayload,
  RenderedMail,
  TrialMailPayload,
  WaitlistJoinedMailPayload,
  WaitlistMailPayload,
} from './payloads.ts'

const DAY_MS = 86_400_000

interface Context {
  settings: MailSettings
  publicUrl: string
}

function mail(subject: string, tree: ReactElement): RenderedMail {
  return { subject, ...renderParts(tree, subject) }
}

/** A mail to a visitor: greeting, the body, how to reach us, the sign-off. */
function VisitorMail({
  settings,
  publicUrl,
  preview,
  firstName,
  children,
}: Context & { preview?: string; firstName: string; children: ReactNode }) {
  return (
    <Layout
      brand={settings.brandName}
      publicUrl={publicUrl}
      preview={preview}
      company={settings.company}
    >
      <Greeting firstName={firstName} />
      {children}
      <Support email={settings.supportEmail} />
      <SignOff brand={settings.brandName} />
    </Layout>
  )
}

/** A mail to the operator: no greeting by name, no sales. */
function OperatorMail({ settings, publicUrl, children }: Context & { children: ReactNode }) {
  return (
    <Layout brand={settings.brandName} publicUrl={publicUrl} company={settings.company}>
      {children}
    </Layout>
  )
}

/**
 * How to buy once the trial ends (docs/product.md, "Buying"): the model's checkout, else an
 * invoice.
 */
function HowToBuy({ model, settings, publicUrl }: Context & { model: Model }) {
  const target = buyTarget(settings, model)
  return (
    <Panel>
      <Heading style={{ marginTop: 16 }}>{KEY_MAIL_COPY.buyHeading}</Heading>
      <Paragraph>{KEY_MAIL_COPY.buy(model)}</Paragraph>
      {target.kind === 'checkout' ? (
        <Button href={target.url} variant="secondary">
          {KEY_MAIL_COPY.buyCheckout(model)}
        </Button>
      ) : (
        <>
          <Button href={`${publicUrl}/#${anchors.pricing}`} variant="secondary">
            {KEY_MAIL_COPY.buyInvoice}
          </Button>
          <Paragraph tone="small">{KEY_MAIL_COPY.buyInvoiceNote(model)}</Paragraph>
        </>
      )}
    </Panel>
  )
}

/** The e-mail that hands over a key (docs/product.md, "Mail"). */
function KeyMail({
  intro,
  firstName,
  model,
  activationKey,
  now,
  settings,
  publicUrl,
}: Context & {
  intro: string
  firstName: string
  model: Model
  activationKey: string
  now: Date
}) {
  const download = settings.downloadUrls[model]
  const setupSteps = publicUrl + routes.thankYou(model)
  const trialEnds = longDate(new Date(now.getTime() + TRIAL_VALID_DAYS * DAY_MS))
  const resources = [
    {
      key: 'setup',
      content: <Link href={setupSteps}>{KEY_MAIL_COPY.setupSteps}</Link>,
    },
    settings.documentationUrl && {
      key: 'docs',
      content: <Link href={settings.documentationUrl}>{KEY_MAIL_COPY.documentation}</Link>,
    },
    settings.videoTutorialsUrl && {
      key: 'videos',
      content: <Link href={settings.videoTutorialsUrl}>{KEY_MAIL_COPY.videos}</Link>,
    },
    model === 'basic' && { key: 'cover', content: KEY_MAIL_COPY.basicCoverSheet },
  ].filter((item) => !!item)
  return (
    <VisitorMail
      settings={settings}
      publicUrl={publicUrl}
      firstName={firstName}
      preview={KEY_MAIL_COPY.preview(model)}
    >
      <Paragraph>{intro}</Paragraph>
      {download ? (
        <>
          <Button href={download}>{KEY_MAIL_COPY.download(model)}</Button>
          <Paragraph tone="small" style={{ marginTop: -8 }}>
            {KEY_MAIL_COPY.downloadNote}
          </Paragraph>
        </>
      ) : (
        <Button href={setupSteps}>{KEY_MAIL_COPY.setupSteps}</Button>
      )}
      <Paragraph style={{ margin: '8px 0 8px', fontWeight: 600 }}>
        {KEY_MAIL_COPY.keyLabel}
      </Paragraph>
      <KeyBlock activationKey={activationKey} />
      <Paragraph>
        {KEY_MAIL_COPY.validity(TRIAL_VALID_DAYS)} {KEY_MAIL_COPY.endDate(trialEnds)}
      </Paragraph>
      <Heading>{KEY_MAIL_COPY.resourcesHeading}</Heading>
      <LinkList items={resources} />
      <HowToBuy model={model} settings={settings} publicUrl={publicUrl} />
    </VisitorMail>
  )
}

export function renderTrialMail(
  payload: TrialMailPayload,
  settings: MailSettings,
  publicUrl: string,
  now = new Date(),
): RenderedMail {
  const { model } = payload
  const intro = payload.resend ? KEY_MAIL_COPY.introAgain(model) : KEY_MAIL_COPY.intro(model)
  return mail(
    KEY_MAIL_COPY.subject(settings.brandName, model),
    <KeyMail
      intro={intro}
      firstName={payload.firstName}
      model={model}
      activationKey={payload.activationKey}
      now={now}
      settings={settings}
      publicUrl={publicUrl}
    />,
  )
}

export function renderWaitlistMail(
  payload: WaitlistMailPayload,
  settings: MailSettings,
  publicUrl: string,
  now = new Date(),
): RenderedMail {
  const { model, firstName } = payload
  const brand = settings.brandName
  if (payload.activationKey) {
    return mail(
      KEY_MAIL_COPY.subjectFromWaitlist(brand, model),
      <KeyMail
        intro={KEY_MAIL_COPY.introFromWaitlist(model)}
        firstName={firstName}
        model={model}
        activationKey={payload.activationKey}
        now={now}
        settings={settings}
        publicUrl={publicUrl}
      />,
    )
  }
  return mail(
    WAITLIST_NO_KEY_COPY.subject(brand, model),
    <VisitorMail
      settings={settings}
      publicUrl={publicUrl}
      firstName={firstName}
      preview={WAITLIST_NO_KEY_COPY.preview(model)}
    >
      <Paragraph>{WAITLIST_NO_KEY_COPY.intro(model)}</Paragraph>
    </VisitorMail>,
  )
}

/** The confirmation on joining the waitlist, with the other model while it has keys. */
export function renderWaitlistJoinedMail(
  payload: WaitlistJoinedMailPayload,
  settings: MailSettings,
  publicUrl: string,
): RenderedMail {
  const { model, otherModel } = payload
  return mail(
    WAITLIST_JOINED_COPY.subject(settings.brandName, model),
    <VisitorMail
      settings={settings}
      publicUrl={publicUrl}
      firstName={payload.firstName}
      preview={WAITLIST_JOINED_COPY.preview(model)}
    >
      <Paragraph>{WAITLIST_JOINED_COPY.intro(model)}</Paragraph>
      {otherModel && (
        <>
          <Paragraph>{WAITLIST_JOINED_COPY.other(otherModel)}</Paragraph>
          <Button href={`${publicUrl}/#${anchors.trialFormFor(otherModel)}`} variant="secondary">
            {WAITLIST_JOINED_COPY.otherAction(otherModel)}
          </Button>
        </>
      )}
      <Paragraph tone="muted">{WAITLIST_JOINED_COPY.notYou}</Paragraph>
    </VisitorMail>,
  )
}

/**
 * Past the claim breaker: the key comes after the visitor follows this link (docs/product.md,
 * "Trust under abuse").
 */
export function renderConfirmMail(
  payload: ConfirmMailPayload,
  settings: MailSettings,
  publicUrl: string,
): RenderedMail {
  return mail(
    CONFIRM_COPY.subject(settings.brandName, payload.model),
    <VisitorMail
      settings={settings}
      publicUrl={publicUrl}
      firstName={payload.firstName}
      preview={CONFIRM_COPY.preview}
    >
      <Paragraph>{CONFIRM_COPY.intro(payload.model)}</Paragraph>
      <Button href={publicUrl + api.trialConfirmation(payload.token)}>{CONFIRM_COPY.action}</Button>
      <Paragraph tone="muted">{CONFIRM_COPY.ignore}</Paragraph>
    </VisitorMail>,
  )
}

/** The operator's alert, once per breaker episode. */
export function renderBreakerMail(
  payload: BreakerMailPayload,
  settings: MailSettings,
  publicUrl: string,
): RenderedMail {
  const minutes = Math.round(payload.windowMs / 60_000)
  return mail(
    BREAKER_COPY.subject(settings.brandName, payload.model),
    <OperatorMail settings={settings} publicUrl={publicUrl}>
      <Paragraph>
        {BREAKER_COPY.tripped(payload.model, payload.claims, minutes, payload.threshold)}
      </Paragraph>
      {payload.available === undefined ? null : (
        <Paragraph>
          {BREAKER_COPY.supply(payload.available, payload.daysOfSupply ?? null)}
        </Paragraph>
      )}
      <Paragraph>{BREAKER_COPY.meanwhile}</Paragraph>
      <Paragraph>{BREAKER_COPY.next}</Paragraph>
    </OperatorMail>,
  )
}

/** The operator's alert when a model's days of supply run low, once per episode. */
export function renderLowSupplyMail(
  payload: LowSupplyMailPayload,
  settings: MailSettings,
  publicUrl: string,
): RenderedMail {
  return mail(
    LOW_SUPPLY_COPY.subject(settings.brandName, payload.model),
    <OperatorMail settings={settings} publicUrl={publicUrl}>
      <Paragraph>
        {LOW_SUPPLY_COPY.low(
          payload.model,
          payload.available,
          payload.claimedLastDay,
          payload.daysOfSupply,
          payload.thresholdDays,
        )}
      </Paragraph>
      <Paragraph>{LOW_SUPPLY_COPY.next}</Paragraph>
    </OperatorMail>,
  )
}

/** An alert (alerts/alert-service.ts), as it went to the webhook. */
export function renderAlertMail(
  payload: AlertMailPayload,
  settings: MailSettings,
  publicUrl: string,
): RenderedMail {
  return mail(
    ALERT_COPY.subject(settings.brandName, payload.state, payload.kind),
    <OperatorMail settings={settings} publicUrl={publicUrl}>
      <Paragraph>{payload.text}</Paragraph>
      <Paragraph tone="small">{ALERT_COPY.note}</Paragraph>
    </OperatorMail>,
  )
}

/** NOTIFY_SALES: one paid order, for the operator. */
export function renderSaleNoticeMail(
  payload: SaleNoticeMailPayload,
  settings: MailSettings,
  publicUrl: string,
): RenderedMail {
  const amount = money(payload.amountMinor, payload.currency)
  return mail(
    SALE_NOTICE_COPY.subject(settings.brandName, payload.model, amount),
    <OperatorMail settings={settings} publicUrl={publicUrl}>
      <Paragraph>
        {SALE_NOTICE_COPY.sold(payload.model, amount, payload.provider, payload.reference)}
      </Paragraph>
      <Paragraph tone="small">{SALE_NOTICE_COPY.next}</Paragraph>
    </OperatorMail>,
  )
}

/**
 * The console's one-time sign-in link (docs/product.md, "Operator console"). Nothing in it was
 * typed by a visitor.
 */
export function renderOperatorSignInMail(
  payload: OperatorSignInMailPayload,
  settings: MailSettings,
  publicUrl: string,
): RenderedMail {
  const brand = settings.brandName
  return mail(
    SIGN_IN_COPY.subject(brand),
    <OperatorMail settings={settings} publicUrl={publicUrl}>
      <Greeting />
      <Paragraph>{SIGN_IN_COPY.intro(brand)}</Paragraph>
      <Button href={publicUrl + consoleRoutes.signInLink(payload.token)}>
        {SIGN_IN_COPY.action}
      </Button>
      <Paragraph tone="muted">{SIGN_IN_COPY.note(payload.validMinutes)}</Paragraph>
    </OperatorMail>,
  )
}

/** To the operator: an invoice request, every field the buyer typed escaped (React does). */
export function renderPurchaseRequestMail(
  payload: PurchaseRequestMailPayload,
  settings: MailSettings,
  publicUrl: string,
): RenderedMail {
  const { buyer, model } = payload
  const rows = PURCHASE_REQUEST_COPY.rows
  const details: [string, string][] = [
    [rows.model, PURCHASE_REQUEST_COPY.modelValue(model)],
    [rows.name, `${buyer.firstName} ${buyer.lastName}`],
    [rows.email, buyer.email],
    [rows.company, buyer.company],
    [rows.request, payload.requestId],
  ]
  // The subject is a header: the schema refused control characters, and nodemailer encodes it.
  const rendered = mail(
    PURCHASE_REQUEST_COPY.subject(model, buyer.company),
    <OperatorMail settings={settings} publicUrl={publicUrl}>
      <Paragraph>{PURCHASE_REQUEST_COPY.intro}</Paragraph>
      <Details rows={details} />
      {buyer.message && (
        <>
          <Paragraph style={{ margin: '16px 0 4px', fontWeight: 600 }}>
            {PURCHASE_REQUEST_COPY.message}
          </Paragraph>
          <Lines text={buyer.message} />
        </>
      )}
    </OperatorMail>,
  )
  return { ...rendered, replyTo: buyer.email }
}

/** To the buyer: the request arrived. Nothing free-form they typed is repeated. */
export function renderPurchaseConfirmationMail(
  payload: PurchaseConfirmationMailPayload,
  settings: MailSettings,
  publicUrl: string,
): RenderedMail {
  return mail(
    PURCHASE_CONFIRMATION_COPY.subject(settings.brandName, payload.model),
    <VisitorMail
      settings={settings}
      publicUrl={publicUrl}
      firstName={payload.firstName}
      preview={PURCHASE_CONFIRMATION_COPY.preview}
    >
      <Paragraph>{PURCHASE_CONFIRMATION_COPY.intro(payload.model)}</Paragraph>
      <Paragraph>{PURCHASE_CONFIRMATION_COPY.next}</Paragraph>
      <Paragraph tone="small">{PURCHASE_CONFIRMATION_COPY.reference(payload.requestId)}</Paragraph>
    </VisitorMail>,
  )
}

/** A paid order's keys: each on its own line, the download, one machine per key, the terms. */
export function renderOrderKeysMail(
  payload: OrderKeysMailPayload,
  settings: MailSettings,
  publicUrl: string,
): RenderedMail {
  const { model, keys } = payload
  const brand = settings.brandName
  const download =
    payload.downloadUrl === undefined ? settings.downloadUrls[model] : payload.downloadUrl
  return mail(
    payload.resend
      ? ORDER_KEYS_COPY.subjectAgain(brand, model, keys.length)
      : ORDER_KEYS_COPY.subject(brand, model, keys.length),
    <VisitorMail
      settings={settings}
      publicUrl={publicUrl}
      firstName={payload.firstName}
      preview={ORDER_KEYS_COPY.preview(model)}
    >
      <Paragraph>
        {payload.resend
          ? ORDER_KEYS_COPY.introAgain(model)
          : ORDER_KEYS_COPY.intro(model, keys.length)}
      </Paragraph>
      {download && (
        <>
          <Button href={download}>{ORDER_KEYS_COPY.download(model)}</Button>
          <Paragraph tone="small" style={{ marginTop: -8 }}>
            {ORDER_KEYS_COPY.downloadNote}
          </Paragraph>
        </>
      )}
      <Paragraph style={{ margin: '8px 0 8px', fontWeight: 600 }}>
        {ORDER_KEYS_COPY.keysLabel(keys.length)}
      </Paragraph>
      {keys.map((key) => (
        <KeyBlock key={key} activationKey={key} />
      ))}
      <Paragraph>{ORDER_KEYS_COPY.machines(keys.length)}</Paragraph>
      <Heading>{ORDER_KEYS_COPY.moneyBackHeading}</Heading>
      <Paragraph>{ORDER_KEYS_COPY.moneyBack}</Paragraph>
      <Paragraph tone="small">{ORDER_KEYS_COPY.reference(payload.reference)}</Paragraph>
    </VisitorMail>,
  )
}

/** The words of a short notice to a buyer about their order. */
interface OrderNoticeCopy {
  subject: (brand: string, model: OrderNoticeMailPayload['model']) => string
  preview: string
  intro: (model: OrderNoticeMailPayload['model']) => string
  reference: (reference: string) => string
}

function orderNoticeMail(
  copy: OrderNoticeCopy,
  payload: OrderNoticeMailPayload,
  settings: MailSettings,
  publicUrl: string,
): RenderedMail {
  return mail(
    copy.subject(settings.brandName, payload.model),
    <VisitorMail
      settings={settings}
      publicUrl={publicUrl}
      firstName={payload.firstName}
      preview={copy.preview}
    >
      <Paragraph>{copy.intro(payload.model)}</Paragraph>
      <Paragraph tone="small">{copy.reference(payload.reference)}</Paragraph>
    </VisitorMail>,
  )
}

/** The paid pool was empty: the key follows within one business day. */
export function renderOrderWaitingMail(
  payload: OrderNoticeMailPayload,
  settings: MailSettings,
  publicUrl: string,
): RenderedMail {
  return orderNoticeMail(ORDER_WAITING_COPY, payload, settings, publicUrl)
}

/** The buyer's refund confirmation. */
export function renderOrderRefundedMail(
  payload: OrderNoticeMailPayload,
  settings: MailSettings,
  publicUrl: string,
): RenderedMail {
  return orderNoticeMail(ORDER_REFUNDED_COPY, payload, settings, publicUrl)
}

/** The operator's alerts about orders: an empty paid pool, an unmatched product, a refund. */
export function renderOrderAlertMail(
  payload: OrderAlertMailPayload,
  settings: MailSettings,
  publicUrl: string,
): RenderedMail {
  const brand = settings.brandName
  const c = ORDER_ALERT_COPY
  if (payload.alert === 'empty-pool' && payload.model) {
    return mail(
      c.emptyPoolSubject(brand, payload.model),
      <OperatorMail settings={settings} publicUrl={publicUrl}>
        <Paragraph>{c.emptyPool(payload.model, payload.reference)}</Paragraph>
        <Paragraph>{c.emptyPoolNext}</Paragraph>
        <Command>{c.emptyPoolCommand(payload.model)}</Command>
      </OperatorMail>,
    )
  }
  if (payload.alert === 'order-needs-review') {
    return mail(
      c.needsReviewSubject(brand, payload.reference),
      <OperatorMail settings={settings} publicUrl={publicUrl}>
        <Paragraph>{c.needsReview(payload.reference, payload.quantity ?? 0, '')}</Paragraph>
        <Command>{c.unmatchedCommand(payload.orderId)}</Command>
      </OperatorMail>,
    )
  }
  if (payload.alert === 'unmatched') {
    return mail(
      c.unmatchedSubject(brand, payload.reference),
      <OperatorMail settings={settings} publicUrl={publicUrl}>
        <Paragraph>
          {c.unmatched(payload.provider, payload.productRef, payload.reference)}
        </Paragraph>
        <Paragraph>{c.unmatchedNext}</Paragraph>
        <Command>{c.unmatchedCommand(payload.orderId)}</Command>
      </OperatorMail>,
    )
  }
  return mail(
    c.refundSubject(brand, payload.reference),
    <OperatorMail settings={settings} publicUrl={publicUrl}>
      {payload.keys.length ? (
        <>
          <Paragraph>{c.refund(payload.reference, payload.model)}</Paragraph>
          {payload.keys.map((key) => (
            <KeyBlock key={key} activationKey={key} />
          ))}
        </>
      ) : (
        <Paragraph>{c.refundNoKeys(payload.reference)}</Paragraph>
      )}
      <Paragraph tone="small">{c.order(payload.orderId)}</Paragraph>
    </OperatorMail>,
  )
}

/**
 * A trial reminder: when the trial ends, the price, the Buy link, and how to stop these notices
 * (RFC 8058 one-click in the headers; a plain link in both parts). No other offers.
 */
export function renderReminderMail(
  payload: ReminderMailPayload,
  settings: MailSettings,
  publicUrl: string,
): RenderedMail {
  const endsAt = new Date(payload.endsAt)
  const target = buyTarget(settings, payload.model)
  const stopUrl = `${publicUrl}${api.reminderStop}?token=${encodeURIComponent(payload.stopToken)}`
  const rendered = mail(
    REMINDER_COPY.subject(payload.model, endsAt),
    <VisitorMail
      settings={settings}
      publicUrl={publicUrl}
      firstName={payload.firstName}
      preview={REMINDER_COPY.preview(payload.model, endsAt, payload.today)}
    >
      <Paragraph>{REMINDER_COPY.intro(payload.model, endsAt, payload.today)}</Paragraph>
      <Paragraph>{REMINDER_COPY.price(payload.model)}</Paragraph>
      {target.kind === 'checkout' ? (
        <Button href={target.url}>{REMINDER_COPY.buyCheckout(payload.model)}</Button>
      ) : (
        <Button href={`${publicUrl}/#${anchors.pricing}`}>{REMINDER_COPY.buyInvoice}</Button>
      )}
      <Paragraph tone="small">{REMINDER_COPY.why}</Paragraph>
      <Paragraph tone="small">
        {REMINDER_COPY.stop(<Link href={stopUrl}>{REMINDER_COPY.stopLabel}</Link>)}
      </Paragraph>
    </VisitorMail>,
  )
  return {
    ...rendered,
    headers: {
      'List-Unsubscribe': `<${stopUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  }
}
