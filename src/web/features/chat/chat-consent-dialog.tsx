/**
 * Asked when the visitor opens the chat without having allowed it: the chat is a third-party
 * service, so it loads only after a yes (docs/product.md, "Privacy and third parties"). E-mail is
 * always the alternative.
 */
import { Mail, MessageCircle } from 'lucide-react'
import { buttonClasses } from '../../components/ui/button.tsx'
import { Dialog } from '../../components/ui/dialog.tsx'
import { grantConsent } from '../consent/consent-store.ts'
import { showChat, supportMailto } from './open-chat.ts'
import { CHAT_CONSENT_COPY } from '../../content/chat.ts'

export default function ChatConsentDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog
      open
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={CHAT_CONSENT_COPY.title}
      description={CHAT_CONSENT_COPY.text}
      showDescription
      className="max-w-lg"
    >
      <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <a className={buttonClasses('secondary')} href={supportMailto()} onClick={onClose}>
          <Mail aria-hidden="true" className="size-4" />
          {CHAT_CONSENT_COPY.email}
        </a>
        <button
          type="button"
          className={buttonClasses('primary')}
          onClick={() => {
            grantConsent('functional')
            onClose()
            void showChat()
          }}
        >
          <MessageCircle aria-hidden="true" className="size-4" />
          {CHAT_CONSENT_COPY.allow}
        </button>
      </div>
    </Dialog>
  )
}
