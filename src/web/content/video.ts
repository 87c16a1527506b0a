/** Words of the video dialog's consent question (docs/product.md, "Privacy and third parties"). */
export const VIDEO_CONSENT_COPY = {
  play: 'Play video',
  notice:
    'Playing the video loads YouTube\u2019s player from youtube-nocookie.com. YouTube receives your IP address and may store data in your browser once you press play.',
  remember: 'Always play videos without asking',
  unavailable: 'The demo video is not available right now.',
} as const
