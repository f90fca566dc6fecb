import { describe, expect, it } from 'vitest'
import { csvCell, toCsv } from './csv'

describe('csvCell', () => {
  it('leaves plain text and numbers alone and writes nothing for a missing value', () => {
    expect(csvCell('deposit_1000_1700000000')).toBe('deposit_1000_1700000000')
    expect(csvCell(26.03)).toBe('26.03')
    expect(csvCell(null)).toBe('')
    expect(csvCell(undefined)).toBe('')
  })

  it('quotes commas, quotes and line breaks, doubling the quotes', () => {
    expect(csvCell('a,b')).toBe('"a,b"')
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
    expect(csvCell('two\nlines')).toBe('"two\nlines"')
    expect(csvCell('cr\rhere')).toBe('"cr\rhere"')
  })

  it('keeps a spreadsheet from running text as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe(`"'=HYPERLINK(""http://x"")"`)
    expect(csvCell('+1')).toBe("'+1")
    expect(csvCell('-cmd')).toBe("'-cmd")
    expect(csvCell('@sum')).toBe("'@sum")
    expect(csvCell(-5)).toBe('-5')
  })
})

describe('toCsv', () => {
  it('joins the header and rows with CRLF and ends with one', () => {
    expect(
      toCsv(
        ['a', 'b'],
        [
          ['x', 1],
          ['y,z', null],
        ],
      ),
    ).toBe('a,b\r\nx,1\r\n"y,z",\r\n')
  })
})
