// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { inertOutside } from './inert-outside'

afterEach(() => {
  document.body.innerHTML = ''
})

describe('inertOutside', () => {
  it('makes every other part of the page inert, and the undo restores only what it changed', () => {
    document.body.innerHTML = `
      <span data-radix-focus-guard tabindex="0"></span>
      <div id="root"><button>Account menu</button></div>
      <div id="already" inert></div>
      <div id="portal"><div role="menu" id="menu"></div></div>`
    const undo = inertOutside(document.getElementById('menu')!)
    expect(document.getElementById('root')!.hasAttribute('inert')).toBe(true)
    expect(document.getElementById('portal')!.hasAttribute('inert')).toBe(false)
    expect(document.querySelector('[data-radix-focus-guard]')!.hasAttribute('inert')).toBe(false)

    undo()
    expect(document.getElementById('root')!.hasAttribute('inert')).toBe(false)
    // inert before the menu opened, and still after
    expect(document.getElementById('already')!.hasAttribute('inert')).toBe(true)
  })
})
