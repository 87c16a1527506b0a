/** A file the server answers with: its bytes, compressed forms and the headers they go with. */
export interface StaticFile {
  type: string
  body: Buffer
  br?: Buffer
  gzip?: Buffer
  etag: string
  cacheControl: string
  /** The Content-Security-Policy header of a document whose markup carries the rest of it. */
  policyHeader?: string
}
