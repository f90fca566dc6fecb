import { BLOG_RULES } from '@shared/api/blog'
import { describedBy, FormField } from '@/components/form-field'
import { Input } from '@/components/ui/input'
import { Textarea } from '@/components/ui/textarea'
import type { FieldErrors } from '@/lib/field-errors'
import type { BlogDraft } from '../lib/blog-draft'

interface BlogEditorFieldsProps {
  draft: BlogDraft
  errors: FieldErrors<BlogDraft>
  onChange: (change: Partial<BlogDraft>) => void
}

/** Title, summary and the Markdown body, each with the contract's own limits and messages. */
export function BlogEditorFields({ draft, errors, onChange }: BlogEditorFieldsProps) {
  return (
    <div className="grid gap-5">
      <FormField id="post-title" label="Title" error={errors.title} hint={`${draft.title.length} / ${BLOG_RULES.titleMax}`}>
        <Input
          id="post-title"
          value={draft.title}
          maxLength={BLOG_RULES.titleMax}
          onChange={(event) => onChange({ title: event.target.value })}
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={describedBy('post-title', errors.title)}
        />
      </FormField>
      <FormField
        id="post-excerpt"
        label="Summary"
        error={errors.excerpt}
        hint="Shown in the list and in search results. Leave it empty to use the first paragraph."
      >
        <Textarea
          id="post-excerpt"
          rows={3}
          className="min-h-0"
          value={draft.excerpt}
          maxLength={BLOG_RULES.excerptMax}
          onChange={(event) => onChange({ excerpt: event.target.value })}
          aria-invalid={errors.excerpt ? true : undefined}
          aria-describedby={describedBy('post-excerpt', errors.excerpt)}
        />
      </FormField>
      <FormField
        id="post-body"
        label="Post (Markdown)"
        error={errors.body}
        hint="## for a section, **bold**, [a link](https://…), - for a list. HTML is shown as text."
      >
        <Textarea
          id="post-body"
          rows={18}
          className="font-mono text-sm leading-relaxed"
          value={draft.body}
          maxLength={BLOG_RULES.bodyMax}
          onChange={(event) => onChange({ body: event.target.value })}
          aria-invalid={errors.body ? true : undefined}
          aria-describedby={describedBy('post-body', errors.body)}
        />
      </FormField>
    </div>
  )
}
