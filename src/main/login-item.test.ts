import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { applyLoginItem, autostartEntry, type LoginItemPort } from './login-item'

function fakePort(platform: string, launch = { executable: '/opt/Handover/handover', args: [] as string[] }) {
  return {
    platform,
    launch,
    configHome: '/home/dana/.config',
    setLoginItemSettings: vi.fn<LoginItemPort['setLoginItemSettings']>(),
    writeFile: vi.fn<LoginItemPort['writeFile']>(),
    removeFile: vi.fn<LoginItemPort['removeFile']>(),
    makeDirectory: vi.fn<LoginItemPort['makeDirectory']>(),
  } satisfies LoginItemPort
}

describe('applyLoginItem', () => {
  it.each(['win32', 'darwin'])('asks the OS on %s, starting hidden', (platform) => {
    const port = fakePort(platform, { executable: 'C:\\Handover\\Handover.exe', args: [] })
    applyLoginItem(port, true)
    expect(port.setLoginItemSettings).toHaveBeenCalledWith({ openAtLogin: true, path: 'C:\\Handover\\Handover.exe', args: ['--hidden'] })
    applyLoginItem(port, false)
    expect(port.setLoginItemSettings).toHaveBeenLastCalledWith({ openAtLogin: false, path: 'C:\\Handover\\Handover.exe', args: ['--hidden'] })
    expect(port.writeFile).not.toHaveBeenCalled()
  })

  it('names the entry script in development, where the executable is Electron itself', () => {
    const port = fakePort('win32', { executable: 'electron.exe', args: ['C:\\src\\handover'] })
    applyLoginItem(port, true)
    expect(port.setLoginItemSettings).toHaveBeenCalledWith({ openAtLogin: true, path: 'electron.exe', args: ['C:\\src\\handover', '--hidden'] })
  })

  it('writes an XDG autostart entry on Linux, and removes it when turned off', () => {
    const port = fakePort('linux')
    applyLoginItem(port, true)
    expect(port.makeDirectory).toHaveBeenCalledWith(join('/home/dana/.config', 'autostart'))
    expect(port.writeFile).toHaveBeenCalledWith(
      join('/home/dana/.config', 'autostart', 'handover.desktop'),
      expect.stringContaining('Exec=/opt/Handover/handover --hidden\n'),
    )
    applyLoginItem(port, false)
    expect(port.removeFile).toHaveBeenCalledWith(join('/home/dana/.config', 'autostart', 'handover.desktop'))
    expect(port.setLoginItemSettings).not.toHaveBeenCalled()
  })
})

describe('autostartEntry', () => {
  it('is a desktop entry that starts the app', () => {
    expect(autostartEntry('/opt/Handover/handover', ['--hidden'])).toBe(
      '[Desktop Entry]\nType=Application\nName=Handover\nExec=/opt/Handover/handover --hidden\nX-GNOME-Autostart-enabled=true\n',
    )
  })

  it('quotes paths with spaces and escapes what the spec reserves', () => {
    expect(autostartEntry('/home/dana/My Apps/Handover.AppImage', ['--hidden'])).toContain('Exec="/home/dana/My Apps/Handover.AppImage" --hidden')
    expect(autostartEntry('/tmp/a$b"c', [])).toContain('Exec="/tmp/a\\\\$b\\\\"c"')
    expect(autostartEntry('/tmp/100%', [])).toContain('Exec="/tmp/100%%"')
  })
})
