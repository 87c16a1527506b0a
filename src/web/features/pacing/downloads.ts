/**
 * Saving the lab's numbers: the CSV of docs/product.md, "Pacing Lab" as it is, and the same table
 * as an .xlsx workbook written by write-excel-file (MIT, no install script), which loads only on
 * click.
 */
function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = fileName
  a.rel = 'noopener'
  document.body.append(a)
  a.click()
  a.remove()
  // Some browsers read the blob after the click returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

export function saveCsv(csv: string, fileName: string): void {
  saveBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), fileName)
}

/** A header row of labels and rows of numbers (full precision; Excel formats them). */
export async function saveXlsx(
  header: readonly string[],
  rows: readonly (readonly number[])[],
  fileName: string,
  sheet: string,
): Promise<void> {
  const { default: writeXlsxFile } = await import('write-excel-file/browser')
  const data = [
    header.map((value) => ({ value, fontWeight: 'bold' as const })),
    ...rows.map((row) =>
      row.map((value, i) => ({ value, type: Number, format: i === 0 ? '0' : '#,##0.00' })),
    ),
  ]
  await writeXlsxFile(data, {
    sheet,
    columns: header.map((_, i) => ({ width: i === 0 ? 8 : 20 })),
    stickyRowsCount: 1,
  }).toFile(fileName)
}
