// @vitest-environment jsdom
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { keepCodeDigits, OneTimeCodeInput } from './one-time-code-input'

afterEach(cleanup)

function CodeField() {
  const [code, setCode] = useState('')
  return <OneTimeCodeInput aria-label="Code" value={code} onCodeChange={setCode} />
}

const field = () => screen.getByLabelText('Code') as HTMLInputElement

describe('OneTimeCodeInput', () => {
  it.each(['123 456', '123-456', ' 123 - 456 ', '123456789'])('keeps all six digits of a pasted "%s"', async (pasted) => {
    const user = userEvent.setup()
    render(<CodeField />)
    await user.click(field())
    await user.paste(pasted)
    expect(field().value).toBe('123456')
  })

  it('keeps the digits of what is typed, and no more than six', async () => {
    const user = userEvent.setup()
    render(<CodeField />)
    await user.type(field(), '12 3a-45678')
    expect(field().value).toBe('123456')
  })

  it('asks phones for the digit keypad and the code from the message', () => {
    render(<CodeField />)
    expect(field().inputMode).toBe('numeric')
    expect(field().autocomplete).toBe('one-time-code')
  })
})

describe('keepCodeDigits', () => {
  it('drops what is not a digit before it counts six', () => {
    expect(keepCodeDigits('12a3 45-6789')).toBe('123456')
    expect(keepCodeDigits('code: 042 917.')).toBe('042917')
    expect(keepCodeDigits('')).toBe('')
  })
})
