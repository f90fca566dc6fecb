// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { SecondFactorForm } from './second-factor-form'

afterEach(cleanup)

describe('SecondFactorForm', () => {
  it('sends all six digits of an app code pasted with spaces and a dash', async () => {
    const user = userEvent.setup()
    const onSubmit = vi.fn(async () => undefined)
    render(<SecondFactorForm methods={['totp', 'recovery']} submitLabel="Verify and Sign In" onSubmit={onSubmit} />)
    await user.click(screen.getByLabelText('Authentication code'))
    await user.paste(' 123 - 456 ')
    expect((screen.getByLabelText('Authentication code') as HTMLInputElement).value).toBe('123456')
    await user.click(screen.getByRole('button', { name: 'Verify and Sign In' }))
    expect(onSubmit).toHaveBeenCalledWith({ code: '123456' })
  })

  it('sends a whole recovery code pasted with spaces around it and the dash', async () => {
    const user = userEvent.setup()
    const onSubmit = vi.fn(async () => undefined)
    render(<SecondFactorForm methods={['recovery']} submitLabel="Verify and Sign In" onSubmit={onSubmit} />)
    await user.click(screen.getByRole('textbox'))
    await user.paste('  ABCDE - fghij  ')
    await user.click(screen.getByRole('button', { name: 'Verify and Sign In' }))
    expect(onSubmit).toHaveBeenCalledWith({ recoveryCode: 'abcdefghij' })
  })
})
