import { useState, type FormEvent } from 'react'
import { AUDIT_ACTIONS, AUDIT_TARGETS, type AuditQuery } from '@shared/api/audit'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { hasAuditFilters, type AuditFilterKey } from '../lib/audit-filters'

interface AuditFilterBarProps {
  query: AuditQuery
  onChange: (changes: Partial<Record<AuditFilterKey, string>>) => void
  onClear: () => void
}

/**
 * Action and target type apply as soon as they are picked; the two ids apply on Enter or Filter, so the
 * list does not reload on every keystroke. The screen gives the bar a key made of the two ids, so when the
 * URL changes under it (Back, a link in the table) the boxes start again from the URL.
 */
export function AuditFilterBar({ query, onChange, onClear }: AuditFilterBarProps) {
  const [targetId, setTargetId] = useState(query.targetId ?? '')
  const [adminId, setAdminId] = useState(query.adminId ? String(query.adminId) : '')

  function submit(event: FormEvent) {
    event.preventDefault()
    onChange({ targetId, adminId })
  }

  return (
    <form
      onSubmit={submit}
      aria-label="Filter the audit log"
      className="grid gap-3 rounded-2xl border bg-card p-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_9rem_auto]"
    >
      <div className="grid gap-1.5">
        <Label htmlFor="audit-action">Action</Label>
        <NativeSelect id="audit-action" value={query.action ?? ''} onChange={(e) => onChange({ action: e.target.value })}>
          <option value="">All actions</option>
          {AUDIT_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {action}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="audit-target-type">Target type</Label>
        <NativeSelect id="audit-target-type" value={query.targetType ?? ''} onChange={(e) => onChange({ targetType: e.target.value })}>
          <option value="">All targets</option>
          {AUDIT_TARGETS.map((target) => (
            <option key={target} value={target}>
              {target}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="audit-target-id">Target id</Label>
        <Input id="audit-target-id" value={targetId} maxLength={64} placeholder="e.g. 1042" onChange={(e) => setTargetId(e.target.value)} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="audit-admin-id">Admin id</Label>
        <Input
          id="audit-admin-id"
          value={adminId}
          inputMode="numeric"
          placeholder="e.g. 1000"
          onChange={(e) => setAdminId(e.target.value.replace(/\D/g, ''))}
        />
      </div>
      <div className="flex items-end gap-2">
        <Button type="submit" variant="primary" className="h-11">
          Filter
        </Button>
        {hasAuditFilters(query) && (
          <Button variant="ghost" className="h-11" onClick={onClear}>
            Clear
          </Button>
        )}
      </div>
    </form>
  )
}
