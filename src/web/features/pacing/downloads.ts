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

/** A sheet of the workbook: a header row of labels and rows of numbers (full precision). */
interface XlsxTable {
  sheet: string
  header: readonly string[]
  /** Numbers; a text (a quarter such as 2027Q1) only in the first column. */
  rows: readonly (readonly (number | string)[])[]
}

/**
 * The inputs behind the numbers, one name and value a line, so a workbook read months later says
 * what produced it (the link is there too, to reopen the same result).
 */
interface XlsxInputs {
  sheet: string
  lines: readonly (readonly [string, string | number])[]
}

/** The tables, each on its own sheet, and an Inputs sheet last (Excel formats the numbers). */
export async function saveXlsx(
  tables: readonly XlsxTable[],
  inputs: XlsxInputs,
  fileName: string,
): Promise<void> {
  const { default: writeXlsxFile } = await import('write-excel-file/browser')
  const sheets = tables.map((t) => ({
    sheet: t.sheet,
    data: [
      t.header.map((value) => ({ value, fontWeight: 'bold' as const })),
      ...t.rows.map((row) =>
        row.map((value, i) =>
          typeof value === 'string'
            ? { value, type: String }
            : { value, type: Number, format: i === 0 ? '0' : '#,##0.00' },
        ),
      ),
    ],
    columns: t.header.map((_, i) => ({ width: i === 0 ? 8 : 20 })),
    stickyRowsCount: 1,
  }))
  sheets.push({
    sheet: inputs.sheet,
    data: inputs.lines.map(([name, value]) => [
      { value: name, fontWeight: 'bold' as const },
      typeof value === 'number' ? { value, type: Number } : { value, type: String },
    ]) as never,
    columns: [{ width: 28 }, { width: 60 }],
    stickyRowsCount: 0,
  })
  await writeXlsxFile(sheets).toFile(fileName)
}
