/**
 * What an operator does from the console, run by the CLI's own commands (admin-commands.ts)
 * with the operator as the actor, so both say and do the same and both are audited. Revoking a
 * key has no CLI command yet; it is written to the audit log here.
 */
import type { ActionResult } from '#src/common/console-api.ts'
import { revokeLicenseByKey } from '../licenses/license-service.ts'
import type { ConsoleCommand } from './console-command-schema.ts'
import { executeConsoleCommand, type ConsoleContext } from './console-commands.ts'
import { recordAudit } from './audit-log.ts'

export interface ConsoleActionContext extends ConsoleContext {
  actor: string
  /** The outbox worker's kick after a command queued e-mail. */
  onMailQueued?: () => void
}

export class ConsoleActionError extends Error {}

/** Runs one command for the operator; its own failure (a bad key file) is a ConsoleActionError. */
export async function runConsoleCommand(
  ctx: ConsoleActionContext,
  command: ConsoleCommand,
): Promise<ActionResult> {
  const result = await executeConsoleCommand(ctx, command)
  if (result.exitCode !== 0) throw new ConsoleActionError(result.stderr.trim())
  if (result.mailQueued) ctx.onMailQueued?.()
  return { message: result.stdout.trim(), ...(result.data ? { data: result.data } : {}) }
}

/** The leads as `leads export --format csv` writes them. */
export async function exportLeadsCsv(ctx: ConsoleActionContext): Promise<string> {
  const result = await executeConsoleCommand(ctx, { name: 'leads export', format: 'csv' })
  return result.stdout
}

/** Takes a key out of use; a revoked key is never handed out. */
export async function revokeKey(
  ctx: ConsoleActionContext,
  activationKey: string,
): Promise<ActionResult | null> {
  const row = await revokeLicenseByKey(ctx.db, activationKey)
  if (!row) return null
  ctx.counts?.invalidate()
  const keyHint = `…${activationKey.slice(-4)}`
  const detail = { licenseId: row.id, model: row.model, key: keyHint, previous: row.previous }
  if (row.previous === 'revoked')
    return { message: `Key ${keyHint} was revoked already.`, data: detail }
  await recordAudit(ctx.db, ctx.actor, 'licenses revoke', detail)
  return {
    message: `Revoked ${row.model} key ${keyHint}${row.previous === 'assigned' ? ' (it had been handed out)' : ''}.`,
    data: detail,
  }
}
