/**
 * The operator console's API under /admin/api (docs/product.md, "Operator console"). Signing in
 * needs no session; everything else needs the session cookie (401 otherwise), and every
 * state-changing call also needs the X-CSRF-Token header matching the session's token (403
 * otherwise). Handlers parse, call one service and map its result; the actions run the CLI's own
 * commands.
 *
 * Why our own header check and not hono/csrf: that middleware compares the Origin header, which
 * depends on PUBLIC_URL matching what the browser sees behind every proxy. A secret header that
 * only our own script can read from /admin/api/session and send (a cross-site page cannot set
 * it without a CORS preflight we never allow) holds wherever the site runs; the SameSite=Strict
 * cookie is the second wall.
 */
import { buildFunnel, funnelCsv } from '../funnel/funnel-service.ts'
import { Hono, type Context, type MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import {
  ADMIN_ERROR_CODES,
  ORDER_STATUSES,
  type OrderStatusName,
  CSRF_HEADER,
  LeadDeleteConfirmSchema,
  parseLeadsQuery,
  RevokeRequestSchema,
  SignInRequestSchema,
  SignInVerifySchema,
  type ActionResult,
  type ConsoleSession,
} from '#src/common/console-api.ts'
import { ERROR_CODES } from '#src/common/api-types.ts'
import { consoleApi } from '#src/common/paths.ts'
import { describeIssues } from '#src/common/trial-schema.ts'
import {
  ConsoleCommandSchema,
  type ConsoleCommand,
  type ConsoleCommandName,
  type ConsoleCommandOf,
} from './console-command-schema.ts'
import { recentAudit } from './audit-log.ts'
import {
  ConsoleActionError,
  exportLeadsCsv,
  revokeKey,
  runConsoleCommand,
  type ConsoleActionContext,
} from './console-actions.ts'
import {
  csrfTokenMatches,
  endSession,
  findLiveSession,
  redeemSignInToken,
  requestSignIn,
  SignInRateLimitedError,
  type SignInLimits,
} from './console-auth.ts'
import {
  consoleConsents,
  consoleKeys,
  consoleLeads,
  consoleMail,
  consoleOverview,
  consoleOrders,
  consolePurchaseRequests,
  consoleWaitlist,
} from './console-queries.ts'
import { DEVICE_COOKIE, DEVICE_MAX_AGE_SECONDS, deviceMark, isDeviceOf } from './sign-in-device.ts'
import type { LicenseCountsCache } from '../licenses/license-service.ts'
import type { Logger } from '../logger.ts'
import type { OrderDeps } from '../orders/order-service.ts'
import type { GoLiveFacts } from './go-live-check.ts'
import type { RateLimit, TrustProxy } from '../config.ts'
import { clientAddress } from '../http/client-address.ts'
import { ApiProblem, apiError } from '../http/errors.ts'
import { invalid, invalidBody, readJsonBody, readValidBody } from '../http/read-json.ts'

interface ConsoleApiDeps {
  db: ConsoleActionContext['db']
  counts: LicenseCountsCache
  messageIdDomain: string
  /** PUBLIC_URL is https: the cookie is Secure and __Host- prefixed. */
  https: boolean
  trustProxy: TrustProxy
  /** IP_HASH_SECRET: client addresses are counted as their HMAC, never in the clear. */
  ipHashSecret: string
  /** CLAIM_BREAKER, for the overview. */
  claimBreaker: RateLimit[] | null
  logger: Logger
  onMailQueued?: () => void
  /** Where a sign-in request's work for a listed operator runs, after its answer. */
  afterAnswer?: (work: () => Promise<unknown>) => void
  signInLimits?: SignInLimits
  /** Largest key file accepted by upload. */
  importLimitBytes?: number
  /** The orders' settings, for the orders commands. */
  orders?: OrderDeps
  /** The configuration the go-live check reads, for the overview (go-live-check.ts). */
  goLive?: GoLiveFacts
}

const SESSION_COOKIE = 'pp_console'
const IMPORT_LIMIT_BYTES = 8 * 1024 * 1024
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
/** The only /admin/api paths that work without a session: asking for a link and using it. */
const PUBLIC_PATHS = new Set<string>([consoleApi.signIn, consoleApi.signInVerify])

interface SessionVars {
  session: { sessionId: string; email: string; csrfToken: string }
}

/** Every answer under /admin: never cached, never indexed (docs/product.md, "Operator console"). */
export function consoleHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next()
    c.res.headers.set('Cache-Control', 'no-store')
    c.res.headers.set('X-Robots-Tag', 'noindex, nofollow')
  }
}

export function consoleApiRoutes(deps: ConsoleApiDeps): Hono<{ Variables: SessionVars }> {
  const app = new Hono<{ Variables: SessionVars }>()
  const prefix = deps.https ? ('host' as const) : undefined
  const authDeps = {
    db: deps.db,
    messageIdDomain: deps.messageIdDomain,
    limits: deps.signInLimits,
    ipHashSecret: deps.ipHashSecret,
    onMailQueued: deps.onMailQueued,
    afterAnswer: deps.afterAnswer,
  }
  const actions = (c: Context<{ Variables: SessionVars }>): ConsoleActionContext => ({
    db: deps.db,
    messageIdDomain: deps.messageIdDomain,
    counts: deps.counts,
    actor: c.get('session').email,
    onMailQueued: deps.onMailQueued,
    orders: deps.orders,
  })
  const rateLimited = (c: Context, error: SignInRateLimitedError) => {
    c.header('Retry-After', String(error.retryAfterSeconds))
    return apiError(c, 429, { errorCode: ERROR_CODES.rateLimit, error: error.message })
  }

  app.use(`${consoleApi.root}/*`, async (c, next) => {
    if (PUBLIC_PATHS.has(c.req.path)) return next()
    const sessionId = getCookie(c, SESSION_COOKIE, prefix)
    const session = sessionId ? await findLiveSession(deps.db, sessionId) : null
    if (!sessionId || !session)
      return apiError(c, 401, {
        errorCode: ADMIN_ERROR_CODES.unauthorized,
        error: 'Sign in to the console first.',
      })
    if (
      !SAFE_METHODS.has(c.req.method) &&
      !csrfTokenMatches(session.csrfToken, c.req.header(CSRF_HEADER))
    )
      return apiError(c, 403, {
        errorCode: ADMIN_ERROR_CODES.csrf,
        error: `This change needs the ${CSRF_HEADER} header of your session.`,
      })
    c.set('session', { sessionId, email: session.email, csrfToken: session.csrfToken })
    return next()
  })

  app.post(consoleApi.signIn, async (c) => {
    const { email } = await readValidBody(c, SignInRequestSchema)
    const knownDevice = isDeviceOf(deps.ipHashSecret, email, getCookie(c, DEVICE_COOKIE, prefix))
    try {
      await requestSignIn(authDeps, email, clientAddress(c, deps.trustProxy), knownDevice)
    } catch (error) {
      if (error instanceof SignInRateLimitedError) return rateLimited(c, error)
      throw error
    }
    // The same answer whether or not the address is an operator's.
    return c.json({ status: 'accepted' }, 202)
  })

  app.post(consoleApi.signInVerify, async (c) => {
    const { token } = await readValidBody(c, SignInVerifySchema)
    let session
    try {
      session = await redeemSignInToken(authDeps, token, clientAddress(c, deps.trustProxy))
    } catch (error) {
      if (error instanceof SignInRateLimitedError) return rateLimited(c, error)
      throw error
    }
    if (!session)
      return apiError(c, 401, {
        errorCode: ADMIN_ERROR_CODES.invalidLink,
        error: 'This sign-in link has expired or was used already. Ask for a new one.',
      })
    setCookie(c, SESSION_COOKIE, session.sessionId, {
      httpOnly: true,
      sameSite: 'Strict',
      secure: deps.https,
      path: '/',
      prefix,
    })
    // This browser may ask for links to her address however many others ask (sign-in-device.ts).
    setCookie(c, DEVICE_COOKIE, deviceMark(deps.ipHashSecret, session.email), {
      httpOnly: true,
      sameSite: 'Strict',
      secure: deps.https,
      path: '/',
      prefix,
      maxAge: DEVICE_MAX_AGE_SECONDS,
    })
    deps.logger.info('operator signed in')
    return c.json({ email: session.email, csrfToken: session.csrfToken } satisfies ConsoleSession)
  })

  app.get(consoleApi.session, (c) => {
    const { email, csrfToken } = c.get('session')
    return c.json({ email, csrfToken } satisfies ConsoleSession)
  })

  app.post(consoleApi.signOut, async (c) => {
    const { sessionId, email } = c.get('session')
    await endSession(deps.db, sessionId, email)
    deleteCookie(c, SESSION_COOKIE, { path: '/', secure: deps.https, prefix })
    return c.json({ status: 'signed-out' })
  })

  app.get(consoleApi.overview, async (c) =>
    c.json(await consoleOverview(deps.db, deps.claimBreaker, deps.goLive)),
  )

  app.get(consoleApi.leads, async (c) => {
    const parsed = parseLeadsQuery(new URL(c.req.url).searchParams)
    if (!parsed.ok) throw invalid(parsed.details)
    return c.json(await consoleLeads(deps.db, parsed.query))
  })

  app.get(consoleApi.leadsExport, async (c) => {
    const csv = await exportLeadsCsv(actions(c))
    const day = new Date().toISOString().slice(0, 10)
    return c.body(csv, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="leads-${day}.csv"`,
    })
  })

  app.post(consoleApi.leadsDelete, async (c) => {
    const body = await readJsonBody(c)
    const command = commandFrom('leads delete', body)
    // The console's confirmation step, as the CLI's --yes.
    const confirmed = LeadDeleteConfirmSchema.safeParse(body)
    if (!confirmed.success) throw invalidBody(confirmed.error)
    return c.json(await run(actions(c), command))
  })

  const funnelDays = (c: Context) => {
    const n = Number(c.req.query('days') ?? 28)
    return Number.isInteger(n) && n >= 1 && n <= 730 ? n : 28
  }
  app.get(consoleApi.funnel, async (c) => c.json(await buildFunnel(deps.db, funnelDays(c))))
  app.get(consoleApi.funnelExport, async (c) => {
    const csv = funnelCsv(await buildFunnel(deps.db, funnelDays(c)))
    const day = new Date().toISOString().slice(0, 10)
    return c.body(csv, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="funnel-${day}.csv"`,
    })
  })

  app.get(consoleApi.keys, async (c) => c.json(await consoleKeys(deps.db)))

  app.post(
    consoleApi.keysImport,
    bodyLimit({
      maxSize: deps.importLimitBytes ?? IMPORT_LIMIT_BYTES,
      onError: () => {
        throw new ApiProblem(413, ERROR_CODES.payloadTooLarge, 'The key file is too large.')
      },
    }),
    async (c) => {
      const type = c.req.header('content-type') ?? ''
      if (!type.startsWith('multipart/form-data'))
        throw invalid(['Upload the key file as multipart/form-data (fields model and file)'])
      const form = await c.req.parseBody().catch(() => {
        throw invalid(['The upload could not be read'])
      })
      // The upload stands in for the CLI's FILE: its name and text are the command's options.
      const file = form.file instanceof File ? form.file : null
      const parsed = ConsoleCommandSchema.safeParse({
        name: 'licenses import',
        model: form.model,
        pool: typeof form.pool === 'string' && form.pool ? form.pool : undefined,
        fileName: (file?.name || 'upload.txt').replace(/[^\w.@-]/g, '_').slice(-100),
        keysText: file ? await file.text() : '',
      })
      const details = parsed.success ? [] : describeIssues(parsed.error)
      if (!file) details.push('file is required: one key a line')
      if (details.length || !parsed.success) throw invalid(details)
      return c.json(await run(actions(c), parsed.data))
    },
  )

  app.post(consoleApi.keysRevoke, async (c) => {
    const { key } = await readValidBody(c, RevokeRequestSchema)
    const result = await revokeKey(actions(c), key)
    if (!result) throw new ApiProblem(404, ERROR_CODES.notFound, 'No key like that in the pool.')
    return c.json(result)
  })

  app.get(consoleApi.waitlist, async (c) => c.json(await consoleWaitlist(deps.db)))

  app.post(consoleApi.waitlistNotify, async (c) => {
    const command = commandFrom('waitlist notify', await readJsonBody(c))
    return c.json(await run(actions(c), command))
  })

  app.get(consoleApi.mail, async (c) => c.json(await consoleMail(deps.db)))

  app.post(consoleApi.mailRetry, async (c) => c.json(await run(actions(c), { name: 'mail retry' })))

  app.get(consoleApi.consents, async (c) => c.json(await consoleConsents(deps.db)))

  app.get(consoleApi.purchaseRequests, async (c) => c.json(await consolePurchaseRequests(deps.db)))

  app.get(consoleApi.orders, async (c) => {
    const status = c.req.query('status') || undefined
    if (status !== undefined && !(ORDER_STATUSES as readonly string[]).includes(status))
      throw invalid([`status must be one of ${ORDER_STATUSES.join(', ')}`])
    return c.json(await consoleOrders(deps.db, status as OrderStatusName | undefined))
  })

  app.post(consoleApi.ordersResend, async (c) =>
    c.json(await run(actions(c), commandFrom('orders resend', await readJsonBody(c)))),
  )

  app.post(consoleApi.ordersReprocess, async (c) =>
    c.json(await run(actions(c), commandFrom('orders reprocess', await readJsonBody(c)))),
  )

  app.post(consoleApi.ordersAdd, async (c) =>
    c.json(await run(actions(c), commandFrom('orders add', await readJsonBody(c)))),
  )

  app.get(consoleApi.audit, async (c) => c.json({ entries: await recentAudit(deps.db, 100) }))

  app.all(`${consoleApi.root}/*`, (c) =>
    apiError(c, 404, {
      errorCode: ERROR_CODES.notFound,
      error: `No console API route ${c.req.method} ${c.req.path}`,
    }),
  )
  return app
}

/**
 * A console action's JSON body holds its command's options (the path names the command), checked
 * by the schema the CLI and the console socket use; a bad option is a 400 naming it.
 */
function commandFrom<Name extends ConsoleCommandName>(
  name: Name,
  options: unknown,
): ConsoleCommandOf<Name> {
  const parsed = ConsoleCommandSchema.safeParse({ ...(options as object), name })
  if (!parsed.success) throw invalidBody(parsed.error)
  // The name picked the union's member, so the result is that member.
  return parsed.data as ConsoleCommandOf<Name>
}

/** A command's own failure (a bad key file) is the operator's to fix: 400 with its words. */
async function run(ctx: ConsoleActionContext, command: ConsoleCommand): Promise<ActionResult> {
  try {
    return await runConsoleCommand(ctx, command)
  } catch (error) {
    if (error instanceof ConsoleActionError)
      throw new ApiProblem(400, ADMIN_ERROR_CODES.keyFile, error.message)
    throw error
  }
}
