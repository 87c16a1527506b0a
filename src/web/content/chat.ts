/**
 * Words of the question asked before the live chat loads (docs/product.md,
 * "Privacy and third parties").
 */
export const CHAT_CONSENT_COPY = {
  title: 'Open the live chat?',
  text: 'Our chat is provided by Crisp. Opening it loads their widget, which stores a session identifier in your browser and sends your messages to Crisp. You can change this later under Cookie settings.',
  allow: 'Allow and open chat',
  email: 'E-mail us instead',
} as const
