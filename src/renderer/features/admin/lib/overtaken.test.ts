import { describe, expect, it } from 'vitest'
import { ApiError } from '@/lib/api-client'
import { overtakenStep, stillListed } from './overtaken'

const idle = { isPending: false, isSuccess: false, isError: false, error: null }
const failed = (status: number) => ({ ...idle, isError: true, error: new ApiError('refused', status) })

describe('overtakenStep', () => {
  it('reads the status afresh once the item leaves the queue, or the server answers 409', () => {
    expect(overtakenStep(idle, true)).toEqual({ refused: false, gone: false })
    expect(overtakenStep(idle, false)).toEqual({ refused: false, gone: true })
    expect(overtakenStep(failed(409), true)).toEqual({ refused: true, gone: true })
  })

  it('takes other refusals for ones worth another try', () => {
    expect(overtakenStep(failed(500), true)).toEqual({ refused: false, gone: false })
  })

  it('never while the admin’s own step runs or after it succeeded: that is what takes the item off the queue', () => {
    expect(overtakenStep({ ...idle, isPending: true }, false).gone).toBe(false)
    expect(overtakenStep({ ...idle, isSuccess: true }, false).gone).toBe(false)
  })
})

describe('stillListed', () => {
  it('finds the item by id, and takes a queue not loaded yet as listing it', () => {
    expect(stillListed([{ id: 1 }, { id: 2 }], 2)).toBe(true)
    expect(stillListed([{ id: 1 }], 2)).toBe(false)
    expect(stillListed(undefined, 2)).toBe(true)
  })
})
