import { describe, expect, it } from 'vitest'
import { appMenuModel, type AppMenuItem, type AppMenuSection } from './app-menu'

function labels(sections: AppMenuSection[]): string[] {
  return sections.map((section) => section.label)
}

function section(sections: AppMenuSection[], label: string): AppMenuItem[] {
  const found = sections.find((entry) => entry.label === label)
  if (!found) throw new Error(`no ${label} menu`)
  return found.items
}

function names(items: AppMenuItem[]): string[] {
  return items.map((item) => (item.kind === 'role' ? item.role : item.kind === 'action' ? `${item.action}${item.hidden ? ' (hidden)' : ''}` : '-'))
}

const PLATFORMS = ['darwin', 'win32', 'linux'] as const

describe('appMenuModel', () => {
  it('puts the app menu first on macOS: about, hide, hide others, show all, quit', () => {
    const menu = appMenuModel({ platform: 'darwin', isPackaged: true, appName: 'Handover' })
    expect(labels(menu)).toEqual(['Handover', 'File', 'Edit', 'View', 'Window', 'Help'])
    expect(names(menu[0].items)).toEqual(['about', '-', 'hide', 'hideOthers', 'unhide', '-', 'quit'])
  })

  it.each(['win32', 'linux'])('has no app menu on %s', (platform) => {
    expect(labels(appMenuModel({ platform, isPackaged: true, appName: 'Handover' }))).toEqual(['File', 'Edit', 'View', 'Window', 'Help'])
  })

  it('keeps Quit out of File on macOS', () => {
    expect(names(section(appMenuModel({ platform: 'darwin', isPackaged: true, appName: 'Handover' }), 'File'))).toEqual(['close'])
  })

  it.each(['win32', 'linux'])('offers Close Window and Quit in File on %s', (platform) => {
    const file = section(appMenuModel({ platform, isPackaged: true, appName: 'Handover' }), 'File')
    expect(file).toEqual([
      { kind: 'role', role: 'close', label: 'Close Window' },
      { kind: 'separator' },
      { kind: 'role', role: 'quit', label: 'Quit' },
    ])
  })

  it.each(PLATFORMS)('has the standard Edit items on %s', (platform) => {
    expect(names(section(appMenuModel({ platform, isPackaged: true, appName: 'Handover' }), 'Edit'))).toEqual([
      'undo',
      'redo',
      '-',
      'cut',
      'copy',
      'paste',
      '-',
      'selectAll',
    ])
  })

  it.each(PLATFORMS.flatMap((platform) => [true, false].map((isPackaged) => [platform, isPackaged] as const)))(
    'View on %s, packaged %s: developer tools only in development',
    (platform, isPackaged) => {
      const view = names(section(appMenuModel({ platform, isPackaged, appName: 'Handover' }), 'View'))
      expect(view).toEqual([
        'reload',
        '-',
        'resetZoom',
        'zoomIn',
        'zoomIn (hidden)',
        'zoomOut',
        '-',
        'togglefullscreen',
        ...(isPackaged ? [] : ['toggleDevTools']),
      ])
    },
  )

  it('gives zoom the standard shortcuts', () => {
    const view = section(appMenuModel({ platform: 'linux', isPackaged: true, appName: 'Handover' }), 'View')
    const shortcuts = view.flatMap((item) => (item.kind === 'action' ? [`${item.label}: ${item.accelerator}`] : []))
    expect(shortcuts).toEqual([
      'Actual Size: CommandOrControl+0',
      'Zoom In: CommandOrControl+Plus',
      'Zoom In: CommandOrControl+=',
      'Zoom Out: CommandOrControl+-',
    ])
  })

  it('leaves the Window menu to macOS there, and lists minimize and close elsewhere', () => {
    const mac = appMenuModel({ platform: 'darwin', isPackaged: true, appName: 'Handover' }).find((entry) => entry.label === 'Window')
    expect(mac).toEqual({ label: 'Window', role: 'windowMenu', items: [] })
    for (const platform of ['win32', 'linux']) {
      expect(names(section(appMenuModel({ platform, isPackaged: true, appName: 'Handover' }), 'Window'))).toEqual(['minimize', 'close'])
    }
  })

  it('opens the FAQ from Help everywhere; About is in Help where there is no app menu', () => {
    expect(names(section(appMenuModel({ platform: 'darwin', isPackaged: true, appName: 'Handover' }), 'Help'))).toEqual(['openFaq'])
    expect(section(appMenuModel({ platform: 'win32', isPackaged: true, appName: 'Handover' }), 'Help')).toEqual([
      { kind: 'action', label: 'Frequently Asked Questions', action: 'openFaq' },
      { kind: 'separator' },
      { kind: 'role', role: 'about', label: 'About Handover' },
    ])
  })
})
