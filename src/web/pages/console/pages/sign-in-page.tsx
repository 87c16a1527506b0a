/**
 * Signing in (docs/product.md, "Operator console"): ask for a link by e-mail, then follow it. The
 * link's page asks for one click before it uses the token: mail scanners that open links would
 * otherwise spend the one-time token before the operator does. The token leaves the address bar at
 * once.
 */
import { useState, type FormEvent } from 'react'
import type { ConsoleSession } from '#src/common/console-api.ts'
import { consoleApi, consoleRoutes } from '#src/common/paths.ts'
import { LogoMark } from '../../../components/logo.tsx'
import { Button } from '../../../components/ui/button.tsx'
import { settings } from '../../../settings.ts'
import { apiPost, errorMessage } from '../console-api.ts'

function takeTokenFromAddress(): string | null {
  const url = new URL(window.location.href)
  const token = url.searchParams.get('token')
  if (token) window.history.replaceState(null, '', consoleRoutes.signIn)
  return token
}

export function SignInPage({ onSignedIn }: { onSignedIn: (session: ConsoleSession) => void }) {
  const [token] = useState(takeTokenFromAddress)
  return (
    <main className="flex min-h-dvh items-start justify-center bg-ink-50 px-4 py-16 sm:items-center">
      <div className="w-full max-w-md rounded-2xl bg-white p-6 shadow-sm ring-1 ring-ink-200 sm:p-8">
        <div className="mb-6 flex items-center gap-3">
          <LogoMark className="size-9" />
          <span className="font-semibold text-brand-900">{settings.brandName} console</span>
        </div>
        {token ? <UseLink token={token} onSignedIn={onSignedIn} /> : <AskForLink />}
      </div>
    </main>
  )
}

function AskForLink() {
  const [email, setEmail] = useState('')
  const [sent, setSent] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setError(null)
    try {
      await apiPost(consoleApi.signIn, { email })
      setSent(true)
    } catch (e) {
      setError(errorMessage(e))
    } finally {
      setBusy(false)
    }
  }
  if (sent)
    return (
      <div role="status">
        <h1 className="text-xl font-semibold text-brand-900">Check your inbox</h1>
        <p className="mt-2 text-sm text-ink-700">
          If {email} may sign in, a sign-in link is on its way. It works once, for 15 minutes.
        </p>
        <Button variant="ghost" className="mt-4 -ml-3" onClick={() => setSent(false)}>
          Use another address
        </Button>
      </div>
    )
  return (
    <form onSubmit={(e) => void submit(e)} noValidate={false}>
      <h1 className="text-xl font-semibold text-brand-900">Sign in</h1>
      <p className="mt-2 text-sm text-ink-700">
        Operators get a one-time sign-in link by e-mail. Operators are added with{' '}
        <code className="rounded bg-ink-100 px-1">npm run admin -- operators add</code>.
      </p>
      <label htmlFor="sign-in-email" className="mt-6 block text-sm font-medium text-ink-800">
        Your e-mail address
      </label>
      <input
        id="sign-in-email"
        type="email"
        required
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        className="mt-1 block min-h-11 w-full rounded-lg border border-ink-300 px-3 text-base"
      />
      {error ? (
        <p role="alert" className="mt-3 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      <Button type="submit" className="mt-4 w-full" disabled={busy}>
        {busy ? 'Sending…' : 'E-mail me a sign-in link'}
      </Button>
    </form>
  )
}

function UseLink({
  token,
  onSignedIn,
}: {
  token: string
  onSignedIn: (session: ConsoleSession) => void
}) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const use = async () => {
    setBusy(true)
    setError(null)
    try {
      onSignedIn(await apiPost<ConsoleSession>(consoleApi.signInVerify, { token }))
    } catch (e) {
      setError(errorMessage(e))
      setBusy(false)
    }
  }
  return (
    <div>
      <h1 className="text-xl font-semibold text-brand-900">Finish signing in</h1>
      <p className="mt-2 text-sm text-ink-700">
        This one-time link signs you in on this browser. Your session ends after 12 hours without
        use, or when you sign out.
      </p>
      {error ? (
        <div role="alert" className="mt-4 rounded-lg bg-red-50 px-4 py-3 text-sm text-red-800">
          <p>{error}</p>
          <a href={consoleRoutes.signIn} className="mt-2 inline-block font-medium underline">
            Ask for a new link
          </a>
        </div>
      ) : null}
      <Button className="mt-6 w-full" onClick={() => void use()} disabled={busy || !!error}>
        {busy ? 'Signing in…' : 'Sign in to the console'}
      </Button>
    </div>
  )
}
