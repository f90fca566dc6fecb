import { useRef, useState, type FormEvent } from 'react'
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react'
import { LIVE_PLATFORMS } from '@shared/constants'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { Skeleton } from '@/components/ui/skeleton'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { PLATFORMS, type LivePlatformId } from '@/config/platforms'
import { describeError } from '@/lib/api-client'
import { toast } from '@/hooks/use-toast'
import { useHandoverSteps, useSaveHandoverSteps } from '../api/handover-steps'
import { moveStep, readSteps, type StepDraft, type StepErrors } from '../lib/step-drafts'
import { describedBy, SettingsField } from './settings-field'

const MAX_STEPS = 12

/**
 * The handover checklist of each platform: the steps buyer and seller tick off in a deal. Every platform keeps
 * its own unsaved edits while another tab is open; saving one platform rebuilds only that platform's editor.
 */
export function HandoverStepsEditor() {
  const lists = useHandoverSteps()
  return (
    <Card role="group" aria-labelledby="handover-steps-title">
      <CardHeader>
        <CardTitle id="handover-steps-title">Handover checklists</CardTitle>
        <CardDescription>The steps buyer and seller tick off for each platform. A deal keeps the checklist it started with.</CardDescription>
      </CardHeader>
      <CardContent>
        {lists.isPending && <Skeleton className="h-48 w-full rounded-xl" />}
        {lists.error && (
          <p role="alert" className="text-sm text-destructive">
            {describeError(lists.error, 'The checklists could not be loaded.')}
          </p>
        )}
        {lists.data && (
          <Tabs defaultValue={LIVE_PLATFORMS[0]}>
            <TabsList className="h-auto grid-cols-3 sm:grid-cols-6">
              {LIVE_PLATFORMS.map((platform) => (
                <TabsTrigger key={platform} value={platform} className="h-9 px-1.5 max-[359px]:text-xs sm:px-3">
                  {PLATFORMS[platform].label}
                </TabsTrigger>
              ))}
            </TabsList>
            {LIVE_PLATFORMS.map((platform) => {
              const steps = lists.data[platform] ?? []
              return (
                <TabsContent key={platform} value={platform} forceMount className="data-[state=inactive]:hidden">
                  <PlatformSteps key={JSON.stringify(steps)} platform={platform} initial={steps} />
                </TabsContent>
              )
            })}
          </Tabs>
        )}
      </CardContent>
    </Card>
  )
}

function PlatformSteps({ platform, initial }: { platform: LivePlatformId; initial: { title: string; description: string }[] }) {
  const keys = useRef(0)
  const draft = (title = '', description = ''): StepDraft => ({ key: ++keys.current, title, description })
  const [steps, setSteps] = useState<StepDraft[]>(() => initial.map((s) => draft(s.title, s.description)))
  const [errors, setErrors] = useState<StepErrors>({ fields: {} })
  const save = useSaveHandoverSteps()
  const label = PLATFORMS[platform].label
  const plain = (list: { title: string; description: string }[]) => JSON.stringify(list.map(({ title, description }) => ({ title, description })))
  const dirty = plain(steps) !== plain(initial)

  const update = (index: number, change: Partial<StepDraft>) => setSteps((list) => list.map((s, i) => (i === index ? { ...s, ...change } : s)))

  function discard() {
    setSteps(initial.map((s) => draft(s.title, s.description)))
    setErrors({ fields: {} })
    save.reset()
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    const result = readSteps(steps)
    if (!result.ok) return setErrors(result.errors)
    setErrors({ fields: {} })
    save.mutate(
      { platform, ...result.request },
      {
        onSuccess: () => toast({ variant: 'success', title: `${label} checklist saved`, description: 'New deals on this platform use these steps.' }),
      },
    )
  }

  return (
    <form onSubmit={submit} noValidate aria-label={`${label} checklist`} className="grid gap-4">
      <ol className="grid gap-3">
        {steps.map((step, index) => {
          const id = `step-${platform}-${step.key}`
          const titleError = errors.fields[`${index}.title`]
          const descriptionError = errors.fields[`${index}.description`]
          return (
            <li key={step.key} className="grid gap-3 rounded-xl border bg-background p-3 sm:grid-cols-[2rem_1fr_auto]">
              <span className="flex size-8 items-center justify-center rounded-full bg-navy-900 text-sm font-semibold text-white" aria-hidden="true">
                {index + 1}
              </span>
              <div className="grid gap-3">
                <SettingsField id={`${id}-title`} label={`Step ${index + 1} title`} error={titleError}>
                  <Input
                    id={`${id}-title`}
                    value={step.title}
                    onChange={(e) => update(index, { title: e.target.value })}
                    aria-invalid={titleError ? true : undefined}
                    aria-describedby={describedBy(`${id}-title`, titleError, false)}
                  />
                </SettingsField>
                <SettingsField id={`${id}-description`} label={`Step ${index + 1} description`} error={descriptionError}>
                  <textarea
                    id={`${id}-description`}
                    value={step.description}
                    rows={2}
                    onChange={(e) => update(index, { description: e.target.value })}
                    aria-invalid={descriptionError ? true : undefined}
                    aria-describedby={describedBy(`${id}-description`, descriptionError, false)}
                    className="w-full rounded-xl border border-input bg-card p-3 text-sm outline-none focus-visible:border-mint-500 focus-visible:ring-3 focus-visible:ring-mint-400/35 aria-invalid:border-destructive"
                  />
                </SettingsField>
              </div>
              <div className="flex gap-1 sm:flex-col">
                <Button
                  size="icon"
                  variant="ghost"
                  aria-label={`Move step ${index + 1} up`}
                  disabled={index === 0}
                  onClick={() => setSteps((list) => moveStep(list, index, -1))}
                >
                  <ArrowUp aria-hidden="true" />
                </Button>
                <Button
                  size="icon"
                  variant="ghost"
                  aria-label={`Move step ${index + 1} down`}
                  disabled={index === steps.length - 1}
                  onClick={() => setSteps((list) => moveStep(list, index, 1))}
                >
                  <ArrowDown aria-hidden="true" />
                </Button>
                <Button
                  size="icon"
                  variant="ghost"
                  aria-label={`Remove step ${index + 1}`}
                  onClick={() => setSteps((list) => list.filter((_, i) => i !== index))}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
            </li>
          )
        })}
      </ol>
      {steps.length === 0 && (
        <p className="rounded-xl border border-dashed p-6 text-center text-sm text-muted-foreground">No steps. A checklist needs at least one.</p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="outline" size="sm" disabled={steps.length >= MAX_STEPS} onClick={() => setSteps((list) => [...list, draft()])}>
          <Plus aria-hidden="true" /> Add step
        </Button>
        <div role="alert" className="mr-auto text-sm font-medium text-destructive">
          {errors.list ??
            (Object.keys(errors.fields).length > 0
              ? 'Please fix the highlighted steps.'
              : save.error
                ? describeError(save.error, 'The checklist could not be saved. Please try again.')
                : null)}
        </div>
        <Button variant="outline" size="sm" disabled={!dirty || save.isPending} onClick={discard}>
          Discard changes
        </Button>
        <Button type="submit" variant="primary" size="sm" disabled={!dirty || save.isPending}>
          {save.isPending ? 'Saving...' : `Save ${label} checklist`}
        </Button>
      </div>
    </form>
  )
}
