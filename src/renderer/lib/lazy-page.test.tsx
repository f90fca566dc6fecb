// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { act, cleanup, render, screen } from '@testing-library/react'
import { Suspense, use } from 'react'
import { lazyPage } from './lazy-page'
import { PAGE_SHOWN_ATTRIBUTE } from './page-shown'

afterEach(cleanup)

function deferred<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((r) => (resolve = r))
  return { promise, resolve }
}

const shown = () => document.documentElement.hasAttribute(PAGE_SHOWN_ATTRIBUTE)

/** A page whose content waits on `data`, so a new promise suspends it again after it was shown. */
function Article({ data }: { data: Promise<string> }) {
  return <h1>{use(data)}</h1>
}

describe('lazyPage', () => {
  it('marks <html> only while the page itself, not its placeholder, is on screen', async () => {
    const chunk = deferred<{ default: typeof Article }>()
    const Page = lazyPage(() => chunk.promise)
    const first = Promise.resolve('First')
    const view = render(
      <Suspense fallback={<p>Loading...</p>}>
        <Page data={first} />
      </Suspense>,
    )
    expect(screen.getByText('Loading...')).toBeTruthy()
    expect(shown()).toBe(false)

    await act(async () => chunk.resolve({ default: Article }))
    expect(screen.getByRole('heading').textContent).toBe('First')
    expect(shown()).toBe(true)

    // shown once, then waiting again: the placeholder is back and the mark goes with the page's content
    const second = deferred<string>()
    await act(async () =>
      view.rerender(
        <Suspense fallback={<p>Loading...</p>}>
          <Page data={second.promise} />
        </Suspense>,
      ),
    )
    expect(screen.getByText('Loading...')).toBeTruthy()
    expect(shown()).toBe(false)

    await act(async () => second.resolve('Second'))
    expect(screen.getByRole('heading').textContent).toBe('Second')
    expect(shown()).toBe(true)

    view.unmount()
    expect(shown()).toBe(false)
  })
})
