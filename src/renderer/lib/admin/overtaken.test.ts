import { describe, expect, it } from 'vitest'
import { ApiError } from '@/lib/api-client'
import { overtakenStep, stillListed } from './overtaken'

const idle = { isPending: false, isSuccess: false, isError: false, error: null }
const failed = (status: number) => ({ ...idle, isError: true, error: new ApiError('refused', status) })

describe('overtakenStep', () => {
  it('reads the status afresh once the item leaves the queue, or the server answers 409', () => {
    expect(overtakenStep(idle, true)).toEqual({ refused: false, gone: false, unanswered: false })
    expect(overtakenStep(idle, false)).toEqual({ refused: false, gone: true, unanswered: false })
    expect(overtakenStep(failed(409), true)).toEqual({ refused: true, gone: true, unanswered: false })
  })

  it('takes other failures for ones worth another try, which the server may have taken all the same', () => {
    expect(overtakenStep(failed(500), true)).toEqual({ refused: false, gone: false, unanswered: true })
    expect(overtakenStep(failed(0), false)).toEqual({ refused: false, gone: true, unanswered: true })
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
