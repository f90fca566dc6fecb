import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { load } from 'js-yaml'
import { describe, expect, it } from 'vitest'
import { APP_USER_MODEL_ID } from './app-id'

describe('APP_USER_MODEL_ID', () => {
  it("is electron-builder.yml's appId, which the Windows installer gives the Start-menu shortcut", () => {
    const config = load(readFileSync(join(import.meta.dirname, '..', '..', 'electron-builder.yml'), 'utf8')) as { appId?: unknown }
    expect(APP_USER_MODEL_ID).toBe(config.appId)
  })
})
