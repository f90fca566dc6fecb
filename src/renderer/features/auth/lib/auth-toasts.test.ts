import { afterEach, describe, expect, it } from 'vitest'
import { toastStore } from '@/hooks/use-toast'
import { toastWelcome } from './auth-toasts'

const lastDescription = () => toastStore.getState()[0]?.description

afterEach(() => toastStore.clear())

describe('toastWelcome', () => {
  it('names the bonus the new account was credited (an admin setting), read from its balance', () => {
    toastWelcome({ id: 1001, username: 'dana', avatar: null, balance: '25.50' })
    expect(lastDescription()).toBe('Your account is ready and your $25.50 welcome bonus has been added to your balance.')
  })

  it('names no bonus when none was credited, and $15.00 when the server sent no user', () => {
    toastWelcome({ id: 1001, username: 'dana', avatar: null, balance: '0.00' })
    expect(lastDescription()).toBe('Your account is ready.')
    toastWelcome()
    expect(lastDescription()).toBe('Your account is ready and your $15.00 welcome bonus has been added to your balance.')
  })
})
