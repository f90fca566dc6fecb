import { join } from 'node:path'
import { HIDDEN_ARG } from './lifecycle'

/**
 * "Start Handover when I sign in to my computer". macOS and Windows have login items (app.setLoginItemSettings);
 * Linux desktops start what the XDG autostart folder lists, so there the app writes a .desktop file itself.
 * Either way the start passes --hidden (macOS passes nothing, see lifecycle.ts) so the window stays out of the way.
 */

export interface LoginItemPort {
  platform: string
  /** app.setLoginItemSettings (macOS, Windows). */
  setLoginItemSettings(settings: { openAtLogin: boolean; path?: string; args: string[] }): void
  /** The command that starts this app: the executable, plus the entry script under `electron .`. */
  launch: { executable: string; args: string[] }
  /** $XDG_CONFIG_HOME, else ~/.config (Linux). */
  configHome: string
  writeFile(path: string, data: string): void
  removeFile(path: string): void
  makeDirectory(path: string): void
}

/** Turns the login item on or off; throws when the OS or the file system refuses, so the switch is not saved. */
export function applyLoginItem(port: LoginItemPort, openAtLogin: boolean): void {
  const args = [...port.launch.args, HIDDEN_ARG]
  if (port.platform !== 'linux') {
    // Windows compares path and args to find the entry again, so both are always the same.
    port.setLoginItemSettings({ openAtLogin, path: port.launch.executable, args })
    return
  }
  const directory = join(port.configHome, 'autostart')
  const file = join(directory, AUTOSTART_FILE)
  if (!openAtLogin) {
    port.removeFile(file)
    return
  }
  port.makeDirectory(directory)
  port.writeFile(file, autostartEntry(port.launch.executable, args))
}

export const AUTOSTART_FILE = 'handover.desktop'

/** A desktop entry per the freedesktop.org spec; Exec arguments are quoted so paths with spaces survive. */
export function autostartEntry(executable: string, args: readonly string[]): string {
  const exec = [executable, ...args].map(quoteExecArg).join(' ')
  return ['[Desktop Entry]', 'Type=Application', 'Name=Handover', `Exec=${exec}`, 'X-GNOME-Autostart-enabled=true', ''].join('\n')
}

function quoteExecArg(arg: string): string {
  if (/^[\w./+=:,@-]+$/.test(arg)) return arg
  // Inside quotes the spec reserves ", `, $ and \; each is escaped with a backslash, then the entry's own
  // string escaping doubles the backslashes again. A literal % is %% (field codes such as %u start with one).
  const quoted = arg.replace(/["`$\\]/g, (char) => `\\${char}`).replace(/%/g, '%%')
  return `"${quoted.replace(/\\/g, '\\\\')}"`
}
